# 1 "task_errors.c"
int a[10];
#pragma omp task out(x)
int bad_nonvoid(int x);
#pragma omp task inout(n)
void bad_byvalue(int n, ...);
#pragma omp target device(opencl) ndrange(4, n) file(nowhere.cl) implements(nothing)
#pragma omp task
void k(int n);
void f(void)
{
    int local;
#pragma omp task in(a[1:) out(a[;]) depend(bogus: a) concurrent() frobnicate(3)
    local++;
#pragma omp taskwait concurrent(a)
#pragma omp task
#pragma omp unknown_directive
}
#pragma omp task
