/* Two identifiers in one parameter declarator: the error is at the second one. */
int f(int a, int b c);
