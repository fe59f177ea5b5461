/* A function task declared with void among its parameters: invalid C, which mcc reports
 * itself, where gcc does (the lowering read the unnamed parameter before). */
#pragma omp task inout(n)
void bad(int *n, void);
void bad(int *n, void) { (*n)++; }
int main(void) { int n = 0; bad(&n); return n; }
