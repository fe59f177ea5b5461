/* Code under final (OpenMP semantics: gcc -fopenmp is the oracle, run.sh semantics).
 * A final task and everything it creates run at once, in program order; each task keeps
 * its data environment: a firstprivate variable is a copy (writes to it stay in the
 * task), a private one is new, loop variables of a taskloop are private, reductions and
 * dependences hold.  The same work runs once under final (mcc's serial path: the
 * functions' serial clones, tasks run in place) and once as tasks, and the program prints
 * both. */
#include <stdio.h>

#define N 16

static int calls;

static long fib(int n, int cut)
{
    long a, b;
    if (n < 2)
        return n;
    #pragma omp task shared(a) final(n <= cut)
    a = fib(n - 1, cut);
    #pragma omp task shared(b) final(n <= cut)
    b = fib(n - 2, cut);
    #pragma omp taskwait
    return a + b;
}

/* Tasks writing their firstprivate and private copies; a taskloop whose loop variable is
 * declared outside it; dependences; recursion (the clone calls its own clone). */
static void fill(int *v, int n, int depth)
{
    int k = n, arr[4] = {1, 2, 3, 4}, priv = 5, i = -1;
    #pragma omp task firstprivate(k, arr) shared(v) depend(inout: v[0])
    {
        k *= 2;
        arr[0] += k;
        v[0] += k + arr[0];
    }
    #pragma omp task private(priv) shared(v) depend(inout: v[1])
    {
        priv = 100;
        v[1] += priv;
    }
    #pragma omp taskloop grainsize(3) shared(v) firstprivate(depth)
    for (i = 2; i < n; i++)
        v[i] += i * (depth + 1);
    #pragma omp task depend(inout: v[0]) shared(v)
    v[0] *= 3;
    #pragma omp task depend(in: v[0]) depend(inout: v[1]) shared(v)
    v[1] += v[0];
    #pragma omp taskwait
    v[2] += k + arr[0] + priv + (i == -1); /* the originals: 16 + 1 + 5 + 1 at the top */
    #pragma omp atomic
    calls += 1;
    if (depth > 0)
        fill(v + 1, n - 1, depth - 1);
}

static int sum(const int *v, int n)
{
    int s = 0;
    #pragma omp taskloop reduction(+: s) grainsize(2)
    for (int j = 0; j < n; j++)
        s += v[j];
    return s;
}

static const char *who(void)
{
    const char *name = 0;
    #pragma omp task shared(name)
    name = __func__;
    #pragma omp taskwait
    return name;
}

static void print(const char *what, const int *v)
{
    printf("%s:", what);
    for (int j = 0; j < N; j++)
        printf(" %d", v[j]);
    printf("\n");
}

int main(void)
{
    int v[N] = {0}, w[N] = {0};
    long f1 = 0, f2 = 0;
    int s1 = 0, s2 = 0;
    const char *n1 = 0, *n2 = 0;
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp task final(1) shared(v, f1, s1, n1)
        {
            fill(v, N, 3);
            f1 = fib(20, 30);
            s1 = sum(v, N);
            n1 = who();
            int x = 1;
            #pragma omp task firstprivate(x) shared(v)
            {
                x += 41;
                v[N - 1] += x;
            }
            v[N - 2] += x;
        }
        #pragma omp task shared(w, f2, s2, n2)
        {
            fill(w, N, 3);
            f2 = fib(20, 12);
            #pragma omp taskwait
            s2 = sum(w, N);
            n2 = who();
        }
        #pragma omp taskwait
    }
    print("final", v);
    print("tasks", w);
    printf("fib %ld %ld, sum %d %d, %s %s, %d calls\n", f1, f2, s1, s2, n1, n2, calls);
    return 0;
}
