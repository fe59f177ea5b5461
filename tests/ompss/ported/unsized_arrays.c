/* ported: openmp
 * ported-werror
 * Local arrays whose size their initializer gives (`int tab[] = {1, 2, 3};`, `char s[] =
 * "hello";`, `char names[][8] = {...}`, designated `double w[] = {0.5, [5] = 2.5}`) used
 * by tasks (implicitly firstprivate, explicitly firstprivate, shared), by a parallel for
 * and by a taskloop: mcc wrote their types into the task's environment at file scope as
 * `int tab[]`, which gcc refused ("flexible array member not at end of struct"). */
#include <stdio.h>
#include <string.h>

int main(void)
{
    char str[] = "hello";
    int tab[] = {1, 2, 3};
    char names[][8] = {"ab", "cde", "f"};
    double w[] = {0.5, 1.5, [5] = 2.5};
    int out = 0, len = 0;
#pragma omp task shared(out)
    out = str[1] + tab[2];
#pragma omp task firstprivate(names) shared(len)
    len = (int)(strlen(names[1]) + sizeof names / sizeof names[0]);
#pragma omp taskwait
    double s = 0;
#pragma omp parallel for reduction(+ : s)
    for (int i = 0; i < 6; i++)
        s += w[i] * tab[i % 3] + (double)sizeof w;
    long t = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop reduction(+ : t) grainsize(4)
    for (int i = 0; i < 30; i++)
        t += tab[i % 3] + str[i % 5];
#pragma omp task shared(tab)
    tab[0] = 7;
#pragma omp taskwait
    printf("%d %d %.1f %ld %d %zu\n", out, len, s, t, tab[0], sizeof w);
    return 0;
}
