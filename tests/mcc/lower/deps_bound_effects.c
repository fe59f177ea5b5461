/* The expressions of OmpSs data references are evaluated once each, in the order written:
 * inclusive and lo;len sections whose bounds call functions, a shape and its section
 * (`([f()]p)[g():h()]`), a multidependence's bounds and step (its body once per value),
 * `taskwait on`, a function task's clause over its parameters, copy_in on target
 * device(smp), a taskloop's section (once, not once per task), depend objects
 * `objs[k++]` of a task and a taskwait (gcc refuses those), an element `v[next()]` and
 * `*(q++)`.  mcc evaluated section bounds twice and an iterator's bounds in both the loop
 * that counts the regions and the one that adds them. */
#include "ompss_check.h"
#include <omp.h>

enum { N = 32 };
static int v[N], calls[5];
static int f(void) { calls[0]++; return 2; }
static int g(void) { calls[1]++; return 5; }
static int h(void) { calls[2]++; return 3; }
static int s(void) { calls[3]++; return 2; }
static int next(void) { return ++calls[4]; }

/* every counter equal to its expected value, then all set to 0 */
static void expect(const char *what, int cf, int cg, int ch, int cs)
{
    CHECK(calls[0] == cf && calls[1] == cg && calls[2] == ch && calls[3] == cs,
          "%s: f %d g %d h %d s %d calls, expected %d %d %d %d", what, calls[0], calls[1],
          calls[2], calls[3], cf, cg, ch, cs);
    calls[0] = calls[1] = calls[2] = calls[3] = 0;
}

#pragma omp task in(p[lo():hi()]) inout(*sum)
static void add_range(const int *p, int (*lo)(void), int (*hi)(void), long *sum)
{
    (void)lo, (void)hi;
    for (int i = 2; i <= 5; i++)
        *sum += p[i];
}

int main(void)
{
    int *p = v;
    long sum = 0;
    for (int i = 0; i < N; i++)
        v[i] = i;
#pragma omp task inout(v[f():g()]) in(v[h();s()])
    v[2] += 1;
#pragma omp taskwait
    expect("sections", 1, 1, 1, 1);
#pragma omp task in(([g()]p)[f():h()]) inout(sum)
    sum += p[2];
#pragma omp taskwait
    expect("shape", 1, 1, 1, 0);
#pragma omp task in({v[k * h()], k = f():g():s()}) inout(sum)
    sum += v[4];
#pragma omp taskwait
    expect("multidependence lo:hi:step", 1, 1, 2, 1);
#pragma omp task in({v[k], k = f();g()}) inout(sum)
    sum += v[3];
#pragma omp taskwait
    expect("multidependence lo;len", 1, 1, 0, 0);
#pragma omp task out(v[f():g()])
    v[3] = 100;
#pragma omp taskwait on(v[f():g()])
    expect("taskwait on", 2, 2, 0, 0);
    add_range(v, f, g, &sum);
#pragma omp taskwait
    expect("function task", 1, 1, 0, 0);
#pragma omp target device(smp) copy_in(v[f():g()])
#pragma omp task inout(sum)
    sum += v[f()];
#pragma omp taskwait
    expect("copy_in", 2, 1, 0, 0);
    long part[4] = {0};
#pragma omp taskloop grainsize(4) in(v[f():g()]) shared(part)
    for (int i = 0; i < 16; i++)
        part[i / 4] += v[2 + i % 4];
    expect("taskloop", 1, 1, 0, 0);
    omp_depend_t objs[2];
    int ko = 0, kw = 0;
#pragma omp depobj(objs[0]) depend(inout: v[0])
#pragma omp depobj(objs[1]) depend(inout: v[1])
#pragma omp task depend(depobj: objs[ko++])
    v[0] += 1;
#pragma omp taskwait depend(depobj: objs[kw++])
#pragma omp taskwait
#pragma omp depobj(objs[0]) destroy
#pragma omp depobj(objs[1]) destroy
    CHECK(ko == 1 && kw == 1, "depend objects: ko %d, kw %d", ko, kw);
    int *q = v;
#pragma omp task inout(v[next()]) in(*(q++)) inout(sum)
    sum += v[1];
#pragma omp taskwait
    CHECK(calls[4] == 1 && q == v + 1,
          "v[next()]: next() called %d times, q moved by %d", calls[4], (int)(q - v));
    CHECK(sum == 3 + 4 + 3 + (3 + 100 + 4 + 5) + 3 + 1, "sum = %ld", sum);
    CHECK(part[0] + part[3] == 2 * (3 + 100 + 4 + 5), "taskloop: %ld %ld", part[0], part[3]);
    return result_ok();
}
