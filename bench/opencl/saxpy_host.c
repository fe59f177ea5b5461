/*
 * saxpy_host.c - the hand-written OpenCL host program for samples/saxpy: same kernel
 * (saxpy.cl), same sizes and data, same check.  x and y go to the device once, the ITER
 * passes run there as one launch over the whole vector each, y comes back once.
 *
 *   usage: saxpy_host [N [BS [ITER]]]   (BS is accepted for the same command line; the
 *                                        whole vector is one launch)
 */
#include <math.h>
#include "clhost.h"

#ifndef SAMPLES_DIR
#define SAMPLES_DIR "samples"
#endif

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 16777216;
    int iters = argc > 3 ? atoi(argv[3]) : 8;
    if (n <= 0 || n > 1L << 30 || iters < 1) {
        fprintf(stderr, "usage: %s [N [BS [ITER]]]\n", argv[0]);
        return 2;
    }
    const float a = 0.5f;
    float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *ref = malloc(n * sizeof *ref);
    if (!x || !y || !ref)
        clh_die("out of memory for n %ld", n);
    for (long i = 0; i < n; i++) {
        x[i] = (float)(i % 1000) * 0.001f;
        y[i] = ref[i] = 1.0f - (float)(i % 77) * 0.01f;
    }

    /* Timed from before the OpenCL set-up: nanort does the same set-up (devices,
     * context, program build) inside the sample's timed region, at its first task. */
    double t0 = clh_now();
    struct clhost h;
    clh_init(&h, SAMPLES_DIR "/saxpy/saxpy.cl", NULL);
    cl_kernel k = clh_kernel(&h, "saxpy_ocl");
    size_t bytes = n * sizeof(float);
    cl_mem dx = clh_buffer(&h, CL_MEM_READ_ONLY, bytes), dy = clh_buffer(&h, CL_MEM_READ_WRITE, bytes);

    clh_write(&h, dx, 0, bytes, x);
    clh_write(&h, dy, 0, bytes, y);
    int ni = (int)n;
    clh_arg(k, 0, sizeof ni, &ni);
    clh_arg(k, 1, sizeof a, &a);
    clh_arg(k, 2, sizeof dx, &dx);
    clh_arg(k, 3, sizeof dy, &dy);
    size_t global = n, local = 128;
    for (int p = 0; p < iters; p++)
        clh_launch(&h, k, 1, &global, &local);
    clh_read(&h, dy, 0, bytes, y);
    clh_finish(&h);
    double secs = clh_now() - t0;

    for (int p = 0; p < iters; p++)
        for (long i = 0; i < n; i++)
            ref[i] = a * x[i] + ref[i];
    double err = 0;
    for (long i = 0; i < n; i++)
        err = fmax(err, fabs((double)y[i] - ref[i]) / fmax(1.0, fabs(ref[i])));
    printf("saxpy_host: n %ld, %d passes\n", n, iters);
    printf("time: %.6f s\n", secs);
    clh_report(&h);
    int ok = err <= 1e-6;
    printf("result: %s (max relative error %.2g)\n", ok ? "OK" : "FAILED", err);
    clReleaseMemObject(dx);
    clReleaseMemObject(dy);
    clReleaseKernel(k);
    clh_release(&h);
    free(x);
    free(y);
    free(ref);
    return ok ? 0 : 1;
}
