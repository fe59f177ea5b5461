/* __attribute__ right after the '(' of a parenthesized declarator. */
void (__attribute__((noreturn)) *fp)(void);
int (__attribute__((unused)) x);
int *(__attribute__((unused)) *pp);
void f(int (__attribute__((unused)) *cb)(void));
