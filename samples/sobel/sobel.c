/*
 * sobel.c - Sobel edge detection of a W x H grayscale image, as tasks on tiles of TH
 * rows, with an smp (C) and an OpenCL (sobel.cl, 2-D range) implementation of the same
 * task.
 *
 *   usage: sobel [W [H [TH]]]      (defaults 4096 4096 256)
 *   mcc --ompss -O2 sobel.c -o sobel && NX_ARGS="--smp-workers=2" ./sobel
 *
 * A tile reads its rows and the rows around them; every task names the whole image as
 * its input (so the image goes to a device once, whichever tiles run there) and its own
 * rows of the result as output.  The edge image is checked pixel for pixel against a
 * sequential loop.  Exit 0 and "result: OK" when right.
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef _OMPSS /* a plain C compiler (pragmas ignored) does not know OpenCL qualifiers */
#define __kernel
#define __global
#endif

#include "sobel_ref.h"

/* Rows r0..r0+th-1 of the edge image into dst (which holds just those rows). */
#pragma omp target device(smp) copy_deps
#pragma omp task in([w * h]img) out([w * th]dst)
void sobel(int w, int h, int r0, int th, const unsigned char *img, unsigned char *dst)
{
    for (int y = 0; y < th; y++)
        for (int x = 0; x < w; x++)
            dst[(size_t)y * w + x] = sobel_pixel(w, h, r0 + y, x, img);
}

/* The same task as an OpenCL kernel over a w x th range in 16 x 16 work-groups. */
#pragma omp target device(opencl) ndrange(2, w, th, 16, 16) file(sobel.cl) copy_deps implements(sobel)
#pragma omp task in([w * h]img) out([w * th]dst)
__kernel void sobel_ocl(int w, int h, int r0, int th, __global const unsigned char *img,
                        __global unsigned char *dst);


int main(int argc, char **argv)
{
    int w = argc > 1 ? atoi(argv[1]) : 4096, h = argc > 2 ? atoi(argv[2]) : 4096;
    int th = argc > 3 ? atoi(argv[3]) : 256;
    if (w < 3 || h < 3 || th < 1 || (long)w * h > 1L << 30) {
        fprintf(stderr, "usage: %s [W [H [TH]]]  (W, H >= 3)\n", argv[0]);
        return 2;
    }
    size_t npix = (size_t)w * h;
    unsigned char *img = malloc(npix), *edges = malloc(npix), *ref = malloc(npix);
    if (!img || !edges || !ref) {
        fprintf(stderr, "sobel: out of memory for %d x %d\n", w, h);
        return 2;
    }
    make_image(img, w, h);
    memset(edges, 0xAA, npix); /* a pixel no task writes shows up in the check */

    double t0 = omp_get_wtime();
    for (int r0 = 0; r0 < h; r0 += th)
        sobel(w, h, r0, h - r0 < th ? h - r0 : th, img, &edges[(size_t)r0 * w]);
#pragma omp taskwait
    double secs = omp_get_wtime() - t0;

    long bad = 0, edge_pixels = 0;
    for (int y = 0; y < h; y++) /* the sequential reference */
        for (int x = 0; x < w; x++)
            ref[(size_t)y * w + x] = sobel_pixel(w, h, y, x, img);
    for (size_t i = 0; i < npix; i++) {
        bad += edges[i] != ref[i];
        edge_pixels += ref[i] > 128;
    }
    printf("sobel: %d x %d, tiles of %d rows, %d tasks\n", w, h, th, (h + th - 1) / th);
    printf("time: %.6f s (%.1f Mpixels/s)\n", secs, npix / secs * 1e-6);
    printf("result: %s (%ld edge pixels, %ld pixels differ from the reference)\n",
           bad == 0 ? "OK" : "FAILED", edge_pixels, bad);
    free(img);
    free(edges);
    free(ref);
    return bad == 0 ? 0 : 1;
}
