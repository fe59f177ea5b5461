/*
 * dct_host.c - the hand-written OpenCL host program for samples/dct: same kernels,
 * image and checks.  The image goes to the device once, one launch of each transform
 * covers the whole image, coefficients and rebuilt image come back once.
 *
 *   usage: dct_host [W [H [TH]]]   (TH accepted, unused: one launch per transform)
 */
#include <math.h>
#include "clhost.h"

#ifndef SAMPLES_DIR
#define SAMPLES_DIR "samples"
#endif

#include "../../samples/dct/dct_ref.h"

static void set_args(cl_kernel k, int w, int h, cl_mem *src, cl_mem *dst)
{
    clh_arg(k, 0, sizeof w, &w);
    clh_arg(k, 1, sizeof h, &h);
    clh_arg(k, 2, sizeof *src, src);
    clh_arg(k, 3, sizeof *dst, dst);
}

int main(int argc, char **argv)
{
    int w = argc > 1 ? atoi(argv[1]) : 2048, h = argc > 2 ? atoi(argv[2]) : 2048;
    if (w < 8 || h < 8 || w % 8 || h % 8 || (long)w * h > 1L << 28) {
        fprintf(stderr, "usage: %s [W [H [TH]]]  (multiples of 8)\n", argv[0]);
        return 2;
    }
    size_t npix = (size_t)w * h, bytes = npix * sizeof(float);
    float *img = malloc(bytes), *coef = malloc(bytes), *rec = malloc(bytes);
    if (!img || !coef || !rec)
        clh_die("out of memory for %d x %d", w, h);
    make_image(img, w, h);

    /* Timed from before the OpenCL set-up: nanort does the same set-up (devices,
     * context, program build) inside the sample's timed region, at its first task. */
    double t0 = clh_now();
    struct clhost cl;
    clh_init(&cl, SAMPLES_DIR "/dct/dct.cl", NULL);
    cl_kernel fwd = clh_kernel(&cl, "dct8x8_ocl"), inv = clh_kernel(&cl, "idct8x8_ocl");
    cl_mem dimg = clh_buffer(&cl, CL_MEM_READ_ONLY, bytes);
    cl_mem dcoef = clh_buffer(&cl, CL_MEM_READ_WRITE, bytes), drec = clh_buffer(&cl, CL_MEM_WRITE_ONLY, bytes);

    clh_write(&cl, dimg, 0, bytes, img);
    set_args(fwd, w, h, &dimg, &dcoef);
    set_args(inv, w, h, &dcoef, &drec);
    size_t global[2] = {w, h}, local[2] = {8, 8};
    clh_launch(&cl, fwd, 2, global, local);
    clh_launch(&cl, inv, 2, global, local);
    clh_read(&cl, dcoef, 0, bytes, coef);
    clh_read(&cl, drec, 0, bytes, rec);
    clh_finish(&cl);
    double secs = clh_now() - t0;

    double coef_err = check_coefficients(img, coef, w, h), rec_err = 0;
    for (size_t i = 0; i < npix; i++)
        rec_err = fmax(rec_err, fabs(rec[i] - img[i]));
    printf("dct_host: %d x %d, 8x8 blocks, one launch per transform\n", w, h);
    printf("time: %.6f s (%.1f Mpixels/s through both transforms)\n", secs, npix / secs * 1e-6);
    clh_report(&cl);
    int ok = coef_err <= 1e-2 && rec_err <= 1e-2;
    printf("result: %s (coefficients off by %.2g, rebuilt image off by %.2g)\n",
           ok ? "OK" : "FAILED", coef_err, rec_err);
    clReleaseMemObject(dimg);
    clReleaseMemObject(dcoef);
    clReleaseMemObject(drec);
    clReleaseKernel(fwd);
    clReleaseKernel(inv);
    clh_release(&cl);
    free(img);
    free(coef);
    free(rec);
    return ok ? 0 : 1;
}
