/* ported: ompss
   ported-werror
   function tasks whose parameters are declared with GNU C's __typeof__ of file-scope
   things, as macro-generated kernels declare them: `__typeof__(grid[0]) w` of a global
   array, `__typeof__(origin) p` of a global struct, `__typeof__(sqrt(2.0)) r` of a call,
   `__typeof__(int) k` of a type; an inline task of a function with locals of such types
   calling one; mcc stored each as a `void *` member of the task's arguments and gcc said
   "incompatible type for argument 2 of 'scale_add'" */
#include <stdio.h>
#include <math.h>

double grid[4] = { 1, 2, 3, 4 };
struct point { double x, y; } origin = { 1, 2 };

static void spin(void)
{
    volatile int k = 0;
    for (int i = 0; i < 20000; i++)
        k += i;
}

#pragma omp task inout(*acc)
void scale_add(double *acc, __typeof__(grid[0]) w, __typeof__(origin) p,
               __typeof__(sqrt(2.0)) r, __typeof__(int) k);

static void inner(void)
{
    __typeof__(grid[1]) w = 5;
    __typeof__(origin) p = { 3, 4 };
    double acc = 0;
#pragma omp task inout(acc) firstprivate(w, p)
    {
        spin();
        acc += w * p.x + p.y;
    }
    w = 100;
    scale_add(&acc, w, p, 1.5, 2);
#pragma omp taskwait
    printf("inner %.2f\n", acc);
}

int main(void)
{
    double acc = 1;
    scale_add(&acc, 2.5, origin, 0.5, 1);
    origin.x = 10;
    scale_add(&acc, grid[2], origin, 1, 3);
    for (int i = 0; i < 4; i++)
        scale_add(&acc, grid[i], origin, i * 0.25, i);
#pragma omp taskwait
    printf("acc %.2f\n", acc);
    inner();
    return 0;
}

void scale_add(double *acc, __typeof__(grid[0]) w, __typeof__(origin) p,
               __typeof__(sqrt(2.0)) r, __typeof__(int) k)
{
    spin();
    *acc = *acc * 2 + w + p.x * p.y + r + k;
}
