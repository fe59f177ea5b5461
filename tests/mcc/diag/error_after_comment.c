/* A comment
   spanning
   several lines */ int a = 1;
/* and one more
 */
int b = 2 3;
