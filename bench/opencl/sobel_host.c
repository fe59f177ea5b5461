/*
 * sobel_host.c - the hand-written OpenCL host program for samples/sobel: same kernel,
 * image and check.  The image goes to the device once, one 2-D launch covers every row
 * (r0 0, th h), the edge image comes back once.
 *
 *   usage: sobel_host [W [H [TH]]]   (TH accepted, unused: one launch)
 */
#include "clhost.h"

#ifndef SAMPLES_DIR
#define SAMPLES_DIR "samples"
#endif

#include "../../samples/sobel/sobel_ref.h"

int main(int argc, char **argv)
{
    int w = argc > 1 ? atoi(argv[1]) : 4096, h = argc > 2 ? atoi(argv[2]) : 4096;
    if (w < 3 || h < 3 || (long)w * h > 1L << 30) {
        fprintf(stderr, "usage: %s [W [H [TH]]]  (W, H >= 3)\n", argv[0]);
        return 2;
    }
    size_t npix = (size_t)w * h;
    unsigned char *img = malloc(npix), *edges = malloc(npix), *ref = malloc(npix);
    if (!img || !edges || !ref)
        clh_die("out of memory for %d x %d", w, h);
    make_image(img, w, h);
    memset(edges, 0xAA, npix);

    /* Timed from before the OpenCL set-up: nanort does the same set-up (devices,
     * context, program build) inside the sample's timed region, at its first task. */
    double t0 = clh_now();
    struct clhost cl;
    struct clhost *hc = &cl;
    clh_init(hc, SAMPLES_DIR "/sobel/sobel.cl", NULL);
    cl_kernel k = clh_kernel(hc, "sobel_ocl");
    cl_mem din = clh_buffer(hc, CL_MEM_READ_ONLY, npix), dout = clh_buffer(hc, CL_MEM_WRITE_ONLY, npix);

    clh_write(hc, din, 0, npix, img);
    int r0 = 0;
    clh_arg(k, 0, sizeof w, &w);
    clh_arg(k, 1, sizeof h, &h);
    clh_arg(k, 2, sizeof r0, &r0);
    clh_arg(k, 3, sizeof h, &h);
    clh_arg(k, 4, sizeof din, &din);
    clh_arg(k, 5, sizeof dout, &dout);
    size_t global[2] = {w, h}, local[2] = {16, 16};
    clh_launch(hc, k, 2, global, local);
    clh_read(hc, dout, 0, npix, edges);
    clh_finish(hc);
    double secs = clh_now() - t0;

    long bad = 0, edge_pixels = 0;
    for (int y = 0; y < h; y++) /* the sequential reference, as the sample computes it */
        for (int x = 0; x < w; x++)
            ref[(size_t)y * w + x] = sobel_pixel(w, h, y, x, img);
    for (size_t i = 0; i < npix; i++) {
        bad += edges[i] != ref[i];
        edge_pixels += ref[i] > 128;
    }
    printf("sobel_host: %d x %d, one launch\n", w, h);
    printf("time: %.6f s (%.1f Mpixels/s)\n", secs, npix / secs * 1e-6);
    clh_report(hc);
    printf("result: %s (%ld edge pixels, %ld pixels differ from the reference)\n",
           bad == 0 ? "OK" : "FAILED", edge_pixels, bad);
    clReleaseMemObject(din);
    clReleaseMemObject(dout);
    clReleaseKernel(k);
    clh_release(hc);
    free(img);
    free(edges);
    free(ref);
    return bad == 0 ? 0 : 1;
}
