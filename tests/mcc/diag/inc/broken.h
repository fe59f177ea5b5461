/* A header with a parameter list missing a ',' (included by header_error.c). */
struct fine { int a; };
int broken_fn(int a int b);
