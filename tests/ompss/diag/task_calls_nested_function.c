/* A task body calling a GNU nested function of the enclosing function: the body is moved
 * out of main, where addbase and the frame it reads (base) cannot be reached; mcc refuses
 * it instead of leaving gcc an implicit declaration and the link an undefined reference. */
#include <stdio.h>
int main(void)
{
    int base = 10;
    int addbase(int x) { return x + base; }
    int s = 0;
#pragma omp task shared(s)
    s = addbase(5);
#pragma omp taskwait
    printf("s=%d\n", s);
    return 0;
}
