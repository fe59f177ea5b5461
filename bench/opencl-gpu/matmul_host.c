/*
 * matmul_host.c - the hand-written OpenCL peer of samples/matmul_dev: the same tiled
 * C += A * B with the same kernel file (samples/matmul_dev/matmul.cl), written as a
 * careful OpenCL programmer would: one buffer per tile, every tile written once and every
 * C tile read back once, non-blocking, on a write queue and a read queue separate from the
 * in-order kernel queue, chained by events so copies overlap the kernels.
 *
 *   usage: matmul_host KERNEL.cl [N [BS]]    (defaults 8192 1024; BENCH_CL_TYPE=gpu|cpu|all)
 * Prints "time: S s (G GFLOP/s)" from before the OpenCL set-up and build to the last read, and checks C
 * exactly like the sample ("result: OK", exit 0).
 */
#include "clhost.h"
#include "../cuda/host_checks.h"

#define MM_TB 16                /* as matmul.cl */
#define MM_T 64

struct mm {
    cl_context ctx;
    cl_command_queue in, run, out;
    cl_kernel k;
    int nt, bs;
    size_t bytes;
    cl_mem *a, *b, *c;
    cl_event *a_in, *b_in;      /* NULL until the tile is written */
};

static cl_mem *buffers(struct mm *m)
{
    cl_mem *t = malloc(sizeof *t * m->nt * m->nt);
    for (int i = 0; i < m->nt * m->nt; i++) {
        cl_int err;
        t[i] = clCreateBuffer(m->ctx, CL_MEM_READ_WRITE, m->bytes, NULL, &err);
        CLKE(err, "clCreateBuffer");
    }
    return t;
}

static cl_event send_once(struct mm *m, cl_mem dst, const double *src, cl_event *ev)
{
    if (!*ev)
        CLK(clEnqueueWriteBuffer(m->in, dst, CL_FALSE, 0, m->bytes, src, 0, NULL, ev));
    return *ev;
}

/* C(i, j) += sum_k A(i, k) B(k, j), all non-blocking. */
static void c_tile(struct mm *m, double **a, double **b, double **c, int i, int j)
{
    int nt = m->nt, ct = i * nt + j;
    size_t g = (size_t)(m->bs + MM_T - 1) / MM_T * MM_TB, global[2] = {g, g};
    size_t local[2] = {MM_TB, MM_TB};
    cl_event c_in, last = NULL;
    CLK(clEnqueueWriteBuffer(m->in, m->c[ct], CL_FALSE, 0, m->bytes, c[ct], 0, NULL, &c_in));
    for (int k = 0; k < nt; k++) {
        int at = i * nt + k, bt = k * nt + j;
        cl_event wait[3] = {send_once(m, m->a[at], a[at], &m->a_in[at]),
                            send_once(m, m->b[bt], b[bt], &m->b_in[bt]), c_in};
        CLK(clSetKernelArg(m->k, 0, sizeof(cl_mem), &m->a[at]));
        CLK(clSetKernelArg(m->k, 1, sizeof(cl_mem), &m->b[bt]));
        CLK(clSetKernelArg(m->k, 2, sizeof(cl_mem), &m->c[ct]));
        CLK(clSetKernelArg(m->k, 3, sizeof(int), &m->bs));
        if (last)
            CLK(clReleaseEvent(last));
        CLK(clEnqueueNDRangeKernel(m->run, m->k, 2, NULL, global, local, 3, wait, &last));
    }
    CLK(clEnqueueReadBuffer(m->out, m->c[ct], CL_FALSE, 0, m->bytes, c[ct], 1, &last, NULL));
    CLK(clReleaseEvent(last));
    CLK(clReleaseEvent(c_in));
    CLK(clFlush(m->in));
    CLK(clFlush(m->run));
    CLK(clFlush(m->out));
}

static double **tiles(int nt, int bs)
{
    double **t = malloc(sizeof *t * nt * nt);
    for (int i = 0; i < nt * nt; i++)
        if (!(t[i] = aligned_alloc(64, (size_t)bs * bs * sizeof(double))))
            exit(2);
    return t;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s KERNEL.cl [N [BS]]\n", argv[0]);
        return 2;
    }
    int n = argc > 2 ? atoi(argv[2]) : 8192, bs = argc > 3 ? atoi(argv[3]) : 1024;
    if (n <= 0 || bs <= 0 || n % bs)
        return 2;
    struct mm m = {.nt = n / bs, .bs = bs, .bytes = (size_t)bs * bs * sizeof(double)};
    int nt = m.nt;
    double **a = tiles(nt, bs), **b = tiles(nt, bs), **c = tiles(nt, bs);
    hc_mm_fill(a, nt, bs, 0);
    hc_mm_fill(b, nt, bs, 1);
    hc_mm_fill(c, nt, bs, -1);

    /* Timed from before the OpenCL set-up and the program build, as the OmpSs version
     * opens the device and builds the kernel at its first task. */
    double t0 = wall_seconds();
    cl_device_id dev = pick_device();
    cl_int err;
    m.ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    CLKE(err, "clCreateContext");
    cl_command_queue *qs[3] = {&m.in, &m.run, &m.out};
    for (int q = 0; q < 3; q++) {
        *qs[q] = clCreateCommandQueue(m.ctx, dev, 0, &err);
        CLKE(err, "clCreateCommandQueue");
    }
    m.k = build_kernel(m.ctx, dev, argv[1], "mm_tile_ocl");
    m.a = buffers(&m);
    m.b = buffers(&m);
    m.c = buffers(&m);
    m.a_in = calloc(nt * nt, sizeof(cl_event));
    m.b_in = calloc(nt * nt, sizeof(cl_event));
    double setup = wall_seconds() - t0;
    for (int i = 0; i < nt; i++)
        for (int j = 0; j < nt; j++)
            c_tile(&m, a, b, c, i, j);
    for (int q = 0; q < 3; q++)
        CLK(clFinish(*qs[q]));
    double secs = wall_seconds() - t0;

    printf("matmul_host (OpenCL): n %d, tile %d\n", n, bs);
    printf("time: %.6f s (%.2f GFLOP/s), set-up and build %.6f s of it\n", secs,
           2.0 * n * n * (double)n / secs * 1e-9, setup);
    int wrong = hc_mm_wrong_rows(c, nt, bs);
    printf(wrong ? "result: WRONG (%d rows)\n" : "result: OK\n", wrong);
    return wrong != 0;
}
