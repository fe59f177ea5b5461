/* A declarator with an unclosed array bound: the error is at the ';'. */
int ok;
static int (*table)[4;
