/* taskwait_on.h - the program of ocl_taskwait_on.c and cuda_taskwait_on.c after the
 * declaration of their device tasks (kernels/waits.h's `real`, copy_deps unless said):
 * axpy(n, a, x, y): y = a x + y, in([n]x) inout([n]y); scale(n, a, y): y = a y,
 * inout([n]y); scale_section: scale with no_copy_deps copy_inout(y[0;n]),
 * inout(y[0:n-1]); axpy_now: axpy with if(0).
 * `taskwait on(*y)` of a kernel's whole array (a dependence and a copy section) gives the
 * host all of it, not y[0] only; after waiting on one array the host reads the results of
 * the kernels that finished before (the producers of what it waited for) and rewrites,
 * whole or in part, arrays kernels read or wrote, which later kernels then read (before the
 * fix: y[1..] and the rewritten data stale, or the host's writes lost at the next flush);
 * the same after an if(0) task.  Checked against the same arithmetic on the host. */
#define N 1000

static real x[N], y[N], z[N], w[N];
static real rx[N], ry[N], rz[N], rw[N];

static void check(const char *what, const real *got, const real *want)
{
    for (int i = 0; i < N; i++)
        CHECK(got[i] == want[i], "%s[%d] = %g, expected %g", what, i, got[i], want[i]);
}

static void axpy_ref(real a, const real *xs, real *ys)
{
    for (int i = 0; i < N; i++)
        ys[i] = a * xs[i] + ys[i];
}

static void scale_ref(real a, real *ys)
{
    for (int i = 0; i < N; i++)
        ys[i] = a * ys[i];
}

int main(void)
{
    for (int i = 0; i < N; i++) {
        x[i] = rx[i] = (real)i;
        y[i] = ry[i] = (real)(2 * i);
        z[i] = rz[i] = 1;
        w[i] = rw[i] = (real)(i % 7);
    }

    /* the whole array back after taskwait on(*y): a dependence, then a copy section */
    axpy(N, 2, x, y);
    axpy_ref(2, rx, ry);
#pragma omp taskwait on(*y)
    check("y after on(*y)", y, ry);
    scale_section(N, 3, y);
    scale_ref(3, ry);
#pragma omp taskwait on(*y)
    check("y after on(*y) of a copy section", y, ry);

    /* w's kernels finished before z's, which read w: after on(*z) the host reads w,
     * rewrites half of it and all of x (which kernels read), then kernels use them */
    scale(N, 2, w);
    scale_ref(2, rw);
    axpy(N, 1, w, z);
    axpy_ref(1, rw, rz);
#pragma omp taskwait on(*z)
    check("z", z, rz);
    check("w after on(*z)", w, rw);
    for (int i = 0; i < N; i++) {
        x[i] = rx[i] = (real)(5 - i);
        if (i % 2)
            w[i] = rw[i] = (real)-i;
    }
    axpy(N, 1, x, y);
    axpy_ref(1, rx, ry);
    axpy(N, 1, w, z);
    axpy_ref(1, rw, rz);
#pragma omp taskwait on(*y)
    check("y after the host's x", y, ry);
    /* the host rewrites y, which the last kernel of z did not touch, while z's may run */
    for (int i = 0; i < N; i++)
        y[i] = ry[i] = (real)(i % 3);

    /* an undeferred kernel (after the one on z above) reads x; the host then changes x
     * for the next one */
    axpy_now(N, 2, x, z);
    axpy_ref(2, rx, rz);
    check("z after an undeferred kernel", z, rz);
    for (int i = 0; i < N; i++)
        x[i] = rx[i] = (real)(i / 2);
    axpy(N, 1, x, y);
    axpy_ref(1, rx, ry);
#pragma omp taskwait
    check("x", x, rx);
    check("y", y, ry);
    check("z", z, rz);
    check("w", w, rw);
    return result_ok();
}
