/* ported: ompss
 * ported-werror
 * Callbacks handed to tasks through parameters written as functions, as older numerical
 * codes declare them (`double f(double)`, C adjusts it to a pointer): function tasks
 * with such a parameter (also through a typedef of a function type and in parentheses),
 * an inline task of a function with one, capturing it firstprivate and implicitly, and
 * of a K&R definition declaring it `double f();`.  mcc wrote the parameter into the
 * task's argument block as it was spelled, a member of function type: gcc refused its
 * output ("field 'f' declared as a function"); the K&R one it took for a block-scope
 * function declaration, which the task called by name ("undefined reference to `f'").
 * Prints the mapped blocks' sums. */
#include <stdio.h>

#define N 64
#define BS 16

typedef double unary_fn(double);

static double square(double x)
{
    return x * x;
}

static double halve(double x)
{
    return 0.5 * x;
}

static double shift(double x)
{
    return x + 3.0;
}

/* map a block through f */
#pragma omp task inout([n]v)
void map_block(double *v, int n, double f(double))
{
    for (int i = 0; i < n; i++)
        v[i] = f(v[i]);
}

/* the same through a typedef of the function type, two of them, one in parentheses */
#pragma omp task in([n]v) inout(*acc)
void fold_block(const double *v, int n, unary_fn g, unary_fn (h), double *acc)
{
    for (int i = 0; i < n; i++)
        *acc += g(h(v[i]));
}

/* an inline task per block, in a function whose parameter is a function */
static void map_all(double *v, int n, double f(double), unary_fn g)
{
    for (int b = 0; b < n; b += BS) {
#pragma omp task depend(inout: v[b:BS]) firstprivate(f)
        for (int i = b; i < b + BS; i++)
            v[i] = g(f(v[i]));
    }
#pragma omp taskwait
}

/* K&R: the parameter declared as a function after the list */
static double kr_fold(f, v, n)
double f();
const double *v;
int n;
{
    double s = 0;
    for (int b = 0; b < n; b += BS) {
#pragma omp task depend(inout: s) firstprivate(b)
        for (int i = b; i < b + BS; i++)
            s += f(v[i]);
    }
#pragma omp taskwait
    return s;
}

int main(void)
{
    double v[N], acc = 0;
    for (int i = 0; i < N; i++)
        v[i] = (double)(i % 7) - 2.0;

    for (int b = 0; b < N; b += BS)
        map_block(&v[b], BS, square);
    for (int b = 0; b < N; b += BS)
        map_block(&v[b], BS, b % 32 ? halve : shift);
    for (int b = 0; b < N; b += BS)
        fold_block(&v[b], BS, halve, shift, &acc);
#pragma omp taskwait
    printf("after map/fold: %.4f\n", acc);

    map_all(v, N, shift, square);
    double s = 0;
    for (int i = 0; i < N; i++)
        s += v[i] * (double)(i + 1);
    printf("after map_all: %.4f\n", s);
    printf("k&r fold: %.4f\n", kr_fold(halve, v, N));
    return 0;
}
