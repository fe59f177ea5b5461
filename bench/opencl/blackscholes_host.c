/*
 * blackscholes_host.c - the hand-written OpenCL host program for samples/blackscholes:
 * same kernel, sizes, data and check.  The three inputs go to the device once, the ITER
 * passes run as one launch over all options each, the two outputs come back once.
 *
 *   usage: blackscholes_host [N [BS [ITER]]]   (BS accepted, unused: one launch a pass)
 */
#include <math.h>
#include "clhost.h"

#ifndef SAMPLES_DIR
#define SAMPLES_DIR "samples"
#endif

#define RISKFREE 0.02f
#define VOLATILITY 0.30f

#include "../../samples/blackscholes/blackscholes_ref.h"

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 4194304;
    int iters = argc > 3 ? atoi(argv[3]) : 4;
    if (n <= 0 || n > 1L << 30 || iters < 1) {
        fprintf(stderr, "usage: %s [N [BS [ITER]]]\n", argv[0]);
        return 2;
    }
    float *s = malloc(n * sizeof *s), *k = malloc(n * sizeof *k), *t = malloc(n * sizeof *t);
    float *call = malloc(n * sizeof *call), *put = malloc(n * sizeof *put);
    if (!s || !k || !t || !call || !put)
        clh_die("out of memory for n %ld", n);
    make_options(s, k, t, n);

    /* Timed from before the OpenCL set-up: nanort does the same set-up (devices,
     * context, program build) inside the sample's timed region, at its first task. */
    double t0 = clh_now();
    struct clhost h;
    clh_init(&h, SAMPLES_DIR "/blackscholes/blackscholes.cl", NULL);
    cl_kernel kern = clh_kernel(&h, "blackscholes_ocl");
    size_t bytes = n * sizeof(float);
    cl_mem d[5];
    for (int i = 0; i < 5; i++)
        d[i] = clh_buffer(&h, i < 3 ? CL_MEM_READ_ONLY : CL_MEM_WRITE_ONLY, bytes);

    clh_write(&h, d[0], 0, bytes, s);
    clh_write(&h, d[1], 0, bytes, k);
    clh_write(&h, d[2], 0, bytes, t);
    int ni = (int)n;
    float r = RISKFREE, v = VOLATILITY;
    clh_arg(kern, 0, sizeof ni, &ni);
    clh_arg(kern, 1, sizeof r, &r);
    clh_arg(kern, 2, sizeof v, &v);
    for (int i = 0; i < 5; i++)
        clh_arg(kern, 3 + i, sizeof d[i], &d[i]);
    size_t global = n, local = 128;
    for (int p = 0; p < iters; p++)
        clh_launch(&h, kern, 1, &global, &local);
    clh_read(&h, d[3], 0, bytes, call);
    clh_read(&h, d[4], 0, bytes, put);
    clh_finish(&h);
    double secs = clh_now() - t0;

    double err = max_error(s, k, t, call, put, n);
    printf("blackscholes_host: %ld options, %d passes\n", n, iters);
    printf("time: %.6f s (%.1f Moptions/s)\n", secs, n * (double)iters / secs * 1e-6);
    clh_report(&h);
    int ok = err <= 1e-4;
    printf("result: %s (max error %.2g against the double precision reference)\n",
           ok ? "OK" : "FAILED", err);
    for (int i = 0; i < 5; i++)
        clReleaseMemObject(d[i]);
    clReleaseKernel(kern);
    clh_release(&h);
    free(s);
    free(k);
    free(t);
    free(call);
    free(put);
    return ok ? 0 : 1;
}
