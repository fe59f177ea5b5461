/* ported: ompss
 * ported-werror
 * User variables and parameters spelled like the locals of mcc's generated code once were
 * (nrt_sz, nrt_x, nrt_a, nrt_e, nrt_c, nrt_t, nrt_nr, nrt_nd, nrt_p, ...) in inline and
 * function tasks, dependences, taskwait on, taskloop, parallel for, reductions, atomic and
 * critical: the generated code captured them (a task read its own size for nrt_sz) or did
 * not compile ("'nrt_a' redeclared").  Those names are the user's; prints what they hold. */
#include <stdio.h>

#define N 64

#pragma omp task in([nrt_n]nrt_a) inout([nrt_n]nrt_p) firstprivate(nrt_c)
static void axpy(const long *nrt_a, long *nrt_p, int nrt_n, long nrt_c)
{
    for (int nrt_i = 0; nrt_i < nrt_n; nrt_i++)
        nrt_p[nrt_i] += nrt_c * nrt_a[nrt_i];
}

#pragma omp task inout(*nrt_e)
static void bump(long *nrt_e, long nrt_t)
{
    *nrt_e += nrt_t;
}

static long inline_tasks(void)
{
    long nrt_sz = 7, nrt_x = 11, nrt_a = 13, nrt_e = 17, nrt_c = 19;
    long nrt_t = 23, nrt_nr = 29, nrt_nd = 31, nrt_p = 37;
    long r[9] = {0};
#pragma omp task shared(r) firstprivate(nrt_sz, nrt_x, nrt_a)
    { r[0] = nrt_sz + 1; r[1] = nrt_x + 1; r[2] = nrt_a + 1; }
#pragma omp task shared(r)
    { r[3] = nrt_e + 1; r[4] = nrt_c + 1; r[5] = nrt_t + 1; }
#pragma omp task shared(r, nrt_nr, nrt_nd, nrt_p)
    { r[6] = nrt_nr + 1; r[7] = nrt_nd + 1; r[8] = nrt_p + 1; nrt_p = 0; }
#pragma omp taskwait
    long s = nrt_p;
    for (int i = 0; i < 9; i++)
        s = s * 3 + r[i];
    return s;
}

static long dependences(void)
{
    long nrt_d[N], nrt_b[N], nrt_f = 0;
    for (int i = 0; i < N; i++) {
        nrt_d[i] = i;
        nrt_b[i] = 1;
    }
    for (long nrt_c = 1; nrt_c <= 3; nrt_c++)
        axpy(nrt_d, nrt_b, N, nrt_c);
    int nrt_o = 0, nrt_i = N / 2;
#pragma omp task depend(inout: nrt_b[nrt_o:nrt_i], nrt_f) firstprivate(nrt_o, nrt_i)
    for (int k = nrt_o; k < nrt_o + nrt_i; k++)
        nrt_f += nrt_b[k];
#pragma omp taskwait on(nrt_f)
    bump(&nrt_f, 1000);
#pragma omp taskwait depend(in: nrt_f)
    long nrt_es = nrt_f;
#pragma omp taskwait
    return nrt_es * 7 + nrt_b[N - 1];
}

static long loops(void)
{
    long nrt_x[N] = {0}, nrt_nr = 0, nrt_sz = 0, nrt_v = 0;
    int nrt_n = N;
#pragma omp parallel for reduction(+: nrt_nr)
    for (int nrt_k = 0; nrt_k < nrt_n; nrt_k++)
        nrt_nr += nrt_k;
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskloop grainsize(5) reduction(+: nrt_sz)
        for (int nrt_q = 0; nrt_q < nrt_n; nrt_q++) {
            nrt_x[nrt_q] = nrt_q * 2;
            nrt_sz += nrt_q;
        }
#pragma omp taskloop num_tasks(3) shared(nrt_v)
        for (long nrt_g = 0; nrt_g < nrt_n; nrt_g++) {
#pragma omp atomic
            nrt_v += nrt_g;
        }
    }
    long nrt_o = 0, nrt_w = 0;
#pragma omp parallel for shared(nrt_o, nrt_w)
    for (int nrt_c0 = 0; nrt_c0 < nrt_n; nrt_c0++) {
        long nrt_cs = nrt_x[nrt_c0];
#pragma omp critical
        nrt_o += nrt_cs;
#pragma omp atomic capture
        { nrt_cs = nrt_w; nrt_w += 1; }
    }
    return ((nrt_nr * 31 + nrt_sz) * 31 + nrt_v) * 31 + nrt_o + nrt_w;
}

static long task_reductions(void)
{
    long nrt_nd = 0, nrt_e[4] = {0};
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskgroup task_reduction(+: nrt_nd, nrt_e)
        for (int nrt_t = 0; nrt_t < 10; nrt_t++) {
#pragma omp task in_reduction(+: nrt_nd, nrt_e) firstprivate(nrt_t)
            { nrt_nd += nrt_t; nrt_e[nrt_t % 4] += 1; }
        }
    }
    return nrt_nd * 1000 + nrt_e[0] * 100 + nrt_e[1] * 10 + nrt_e[3];
}

int main(void)
{
    printf("inline tasks %ld\n", inline_tasks());
    printf("dependences %ld\n", dependences());
    printf("loops %ld\n", loops());
    printf("task reductions %ld\n", task_reductions());
    return 0;
}
