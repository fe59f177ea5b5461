/*
 * sobel_ref.h - what the sobel sample and its hand-written OpenCL host
 * (bench/opencl/sobel_host.c) share: the input data and the sequential reference the
 * results are checked against, so both programs check the same thing.
 */
#ifndef SOBEL_REF_H
#define SOBEL_REF_H

#include <math.h>
#include <stddef.h>
#include <stdlib.h>

/* Edge magnitude at (x, row) of the w x h image img (|gx| + |gy| clamped; border 0). */
static unsigned char sobel_pixel(int w, int h, int row, int x, const unsigned char *img)
{
    if (row == 0 || row == h - 1 || x == 0 || x == w - 1)
        return 0;
    const unsigned char *p = img + (size_t)row * w + x;
    int gx = (p[-w + 1] + 2 * p[1] + p[w + 1]) - (p[-w - 1] + 2 * p[-1] + p[w - 1]);
    int gy = (p[w - 1] + 2 * p[w] + p[w + 1]) - (p[-w - 1] + 2 * p[-w] + p[-w + 1]);
    int m = abs(gx) + abs(gy);
    return m > 255 ? 255 : m;
}

/* A test picture: a checkerboard, a bright disc and some noise, so there are edges in
 * every direction. */
static void make_image(unsigned char *img, int w, int h)
{
    unsigned state = 7;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int dx = x - w / 2, dy = y - h / 2, r = (w < h ? w : h) / 3;
            int v = ((x / 32 + y / 32) & 1) ? 160 : 60;
            if ((long)dx * dx + (long)dy * dy < (long)r * r)
                v = 230;
            state = state * 1103515245u + 12345u;
            v += (int)((state >> 16) % 21) - 10;
            img[(size_t)y * w + x] = (unsigned char)v;
        }
}

#endif /* SOBEL_REF_H */
