/* How many times the expressions of depend clauses are evaluated, as gcc -fopenmp does:
 * once each, in the order written, before the task's firstprivate copies (section bounds
 * that call functions, `a[i++]`, a VLA row `m[f()]`, an iterator's begin, end and step
 * once and its body once per value, taskwait depend, a depend object, a task under final,
 * which runs at once), and of reductions over sections on taskloop, for and a region.  mcc
 * evaluated a section's bounds twice, an iterator's bounds once to count the regions and
 * again to add them (with `0:j++` the task then had more regions than it was created
 * with), its step at every value, a VLA row's subscript three times, none under final, and
 * a loop's reduction bounds twice in each of its tasks.  Each line prints the calls. */
#include <stdio.h>
#include <omp.h>

static int calls[4];
static int f(void) { calls[0]++; return 1; }
static int g(void) { calls[1]++; return 4; }
static int h(void) { calls[2]++; return 2; }
static int s(void) { calls[3]++; return 1; }

static void report(const char *what)
{
    printf("%-28s f %d g %d h %d s %d\n", what, calls[0], calls[1], calls[2], calls[3]);
    calls[0] = calls[1] = calls[2] = calls[3] = 0;
}

int main(void)
{
    int a[16] = {0}, n = 4, i = 0, j = 0, seen = -1, seen2 = -1;
    int m[n][n];
    m[1][0] = 0;
#pragma omp parallel
#pragma omp single
    {
#pragma omp task depend(inout: a[f():h()]) depend(in: a[g():s()])
        a[1] += 1;
#pragma omp taskwait
        report("sections");
#pragma omp task depend(in: a[f()]) depend(out: a[g()]) depend(in: a[h() + s()])
        a[4] = a[1];
#pragma omp taskwait
        report("elements");
#pragma omp task depend(inout: a[i++]) firstprivate(i) shared(seen)
        seen = i;
#pragma omp taskwait
        printf("a[i++]: i %d, the task saw %d\n", i, seen);
#pragma omp task depend(inout: m[f()]) depend(in: m[g() - 3][:]) depend(in: m[h():s()][f()])
        m[1][0] += 1;
#pragma omp taskwait
        report("vla rows");
#pragma omp task depend(iterator(k = f():g():s()), in: a[k + h()])
        a[2] += 1;
#pragma omp taskwait
        report("iterator");
#pragma omp task depend(iterator(k = 0:j++), inout: a[k]) firstprivate(j) shared(seen2)
        seen2 = j;
#pragma omp taskwait
        printf("iterator 0:j++: j %d, the task saw %d\n", j, seen2);
#pragma omp task depend(out: a[f():g()])
        a[3] = 7;
#pragma omp taskwait depend(in: a[f():g()])
        report("taskwait depend");
        omp_depend_t o;
#pragma omp depobj(o) depend(inout: a[h():f()])
#pragma omp task depend(depobj: o)
        a[2] += 1;
#pragma omp taskwait
#pragma omp depobj(o) destroy
        report("depobj");
#pragma omp task final(1)
        {
#pragma omp task depend(inout: a[f():h()])
            a[1] += 1;
#pragma omp taskwait
        }
#pragma omp taskwait
        report("under final");
#pragma omp taskloop reduction(+ : a[f():g()]) num_tasks(3)
        for (int k = 0; k < 30; k++)
            a[1 + k % 3] += 1;
        report("taskloop reduction");
    }
#pragma omp parallel for reduction(+ : a[f():g()])
    for (int k = 0; k < 30; k++)
        a[1 + k % 3] += 1;
    report("for reduction");
    int r[4] = {0};
#pragma omp parallel reduction(+ : r[h():s()])
    r[2] = 1;
    report("region reduction");
    printf("a: %d %d %d %d %d, m[1][0] %d\n", a[0], a[1], a[2], a[3], a[4], m[1][0]);
    return 0;
}
