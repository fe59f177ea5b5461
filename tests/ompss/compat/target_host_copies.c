/* OpenMP target regions run on the host as gcc -fopenmp runs them without an offload
 * device: a scalar or a pointer the region names without a map clause is its own copy
 * (OpenMP 4.5's implicit firstprivate: writes stay inside), globals and static locals
 * too; arrays, structs, variables of a `declare target` block and mapped variables are
 * the originals; defaultmap(tofrom|firstprivate|default: scalar|pointer|aggregate),
 * firstprivate, private, is_device_ptr; a combined construct's reduction and lastprivate
 * variables (also `target teams distribute parallel for`) are the originals, its shared
 * ones copies; `target nowait depend(...)`, a target in a task and in a single, OpenMP's
 * `device(n)`, a register variable (also firstprivate on a region).  mcc ran the regions
 * as written (every write kept), refused `target nowait`, `private`, `firstprivate`, `if`
 * and `device(0)` on a target, and took a register variable's address for its copy.  Each line prints what the region left. */
#include <stdio.h>
#include <stdlib.h>

typedef struct { double re, im; } cplx;
typedef int row[3];
#pragma omp declare target
int on_device = 1;
#pragma omp end declare target
int global = 1;

static int work(int n, double *v)
{
    int calls = 0;
    #pragma omp target map(tofrom: v[0:n])
    {
        n = n / 2;
        v[0] += n;
        calls++;
    }
    return calls * 100 + n;
}

int main(void)
{
    static int st = 1;
    int x = 1, *p = &x, n = 8, m = 3, cnt = 0;
    double v[8] = {0};
    cplx c = {1, 2};
    row r = {1, 2, 3};
    double (*vp)[m] = calloc(2, sizeof *vp);
    int (*vlap)[m] = calloc(1, sizeof *vlap);

    #pragma omp target
    { x = 2; global = 2; st = 2; on_device = 2; p = NULL; c.re = 3; r[0] = 7; }
    printf("alone: x=%d global=%d st=%d on_device=%d p=%d c=%g r0=%d\n", x, global, st,
           on_device, p == NULL, c.re, r[0]);
    int w = work(n, v);
    printf("work %d v0=%g\n", w, v[0]);
    #pragma omp target map(to: x)
    { x = 3; }
    printf("map(to): x=%d\n", x);
    #pragma omp target defaultmap(tofrom: scalar)
    { x = 4; p = NULL; }
    printf("defaultmap(tofrom: scalar): x=%d p=%d\n", x, p == NULL);
    #pragma omp target defaultmap(tofrom: pointer)
    { x = 5; p = NULL; }
    printf("defaultmap(tofrom: pointer): x=%d p=%d\n", x, p == NULL);
    p = &x;
    #pragma omp target defaultmap(tofrom)
    { x = 6; p = NULL; vp = NULL; }
    printf("defaultmap(tofrom): x=%d p=%d vp=%d\n", x, p == NULL, vp == NULL);
    p = &x;
    vp = calloc(2, sizeof *vp);
    #pragma omp target defaultmap(firstprivate: aggregate)
    { x = 7; c.re = 9; }
    printf("defaultmap(firstprivate: aggregate): x=%d c=%g\n", x, c.re);
    #pragma omp target defaultmap(default: scalar) firstprivate(r) is_device_ptr(p)
    { x = 8; r[1] = 0; p = NULL; }
    printf("firstprivate, is_device_ptr: x=%d r1=%d p=%d\n", x, r[1], p == NULL);
    #pragma omp target private(x) if(0)
    { x = 9; r[2] = 0; }
    printf("private, if: x=%d r2=%d\n", x, r[2]);

    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp target
        { n = 1; cnt++; vp = NULL; }
    }
    printf("in a single: n=%d cnt=%d vp=%d\n", n, cnt, vp == NULL);
    int sum = 0, last = -1, chunk = 2;
    #pragma omp target teams distribute parallel for reduction(+: sum) lastprivate(last) collapse(2) schedule(static, chunk)
    for (int i = 0; i < n * 4; i++)
        for (int j = 0; j < m; j++) {
            sum += i * j;
            last = i + j;
            #pragma omp atomic
            v[i % 8] += 1;      /* (iterations i and i + 8 of other chunks add to it too) */
        }
    printf("target teams distribute parallel for: sum=%d last=%d v1=%g\n", sum, last, v[1]);
    int sh = 0, s2 = 0;
    #pragma omp target parallel shared(sh)
    { sh = 7; }
    #pragma omp target parallel map(tofrom: s2)
    { s2 = 7; }
    printf("target parallel: sh=%d s2=%d\n", sh, s2);
    int k = 5;
    #pragma omp target parallel for simd firstprivate(k)
    for (int i = 0; i < 4; i++)
        v[i] = k + i;
    #pragma omp target simd
    for (int i = 0; i < 4; i++) {
        v[i] += 1;
        k = i;
    }
    printf("simd: k=%d v=%g %g\n", k, v[0], v[3]);
    #pragma omp target parallel
    {
        #pragma omp for reduction(+: k)
        for (int i = 0; i < 4; i++)
            k += i;
        #pragma omp single
        v[7] = k;
    }
    printf("target parallel, for: k=%d v7=%g\n", k, v[7]);

    #pragma omp task shared(cnt)
    {
        #pragma omp target
        { cnt += 10; vlap[0][1] = 4; }
        #pragma omp target map(cnt)
        { cnt += 100; }
    }
    #pragma omp taskwait
    printf("in a task: cnt=%d vla=%d\n", cnt, vlap[0][1]);
    int a = 1, b = 2;
    #pragma omp target nowait depend(out: a) map(from: b)
    { a = 10; b = 20; }
    #pragma omp target depend(in: a) nowait
    { b += a; }
    #pragma omp taskwait
    printf("nowait depend: a=%d b=%d\n", a, b);
    register int rg = 3;
    int got = 0;
    #pragma omp target map(tofrom: got)
    { got = rg; rg = 9; }
    #pragma omp parallel firstprivate(rg)
    #pragma omp master
    { rg += 1; got += rg; }
    printf("register: got=%d rg=%d\n", got, rg);
    int dev = 0;
    #pragma omp target device(dev + 0) thread_limit(4)
    { a = 30; r[1] = 5; }
    #pragma omp target device(0)
    { b = 40; r[2] = 6; }
    printf("device(n): a=%d b=%d r=%d %d\n", a, b, r[1], r[2]);
    free(vp);
    free(vlap);
    return 0;
}
