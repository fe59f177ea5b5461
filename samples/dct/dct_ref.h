/*
 * dct_ref.h - what the dct sample and its hand-written OpenCL host
 * (bench/opencl/dct_host.c) share: the input data and the sequential reference the
 * results are checked against, so both programs check the same thing.
 */
#ifndef DCT_REF_H
#define DCT_REF_H

#include <math.h>
#include <stddef.h>
#include <stdlib.h>

/* The sequential reference: the forward transform of every block in double precision,
 * from the cosine itself.  Returns the largest difference from coef. */
static double check_coefficients(const float *img, const float *coef, int w, int h)
{
    double c[8][8], worst = 0;
    for (int u = 0; u < 8; u++)
        for (int x = 0; x < 8; x++)
            c[u][x] = (u ? 0.5 : sqrt(0.125)) * cos((2 * x + 1) * u * M_PI / 16);
    for (int by = 0; by < h; by += 8)
        for (int bx = 0; bx < w; bx += 8) {
            double tmp[8][8];
            const float *b = &img[(size_t)by * w + bx];
            for (int y = 0; y < 8; y++)
                for (int u = 0; u < 8; u++) {
                    tmp[y][u] = 0;
                    for (int x = 0; x < 8; x++)
                        tmp[y][u] += b[y * w + x] * c[u][x];
                }
            for (int v = 0; v < 8; v++)
                for (int u = 0; u < 8; u++) {
                    double s = 0;
                    for (int y = 0; y < 8; y++)
                        s += c[v][y] * tmp[y][u];
                    worst = fmax(worst, fabs(s - coef[(size_t)(by + v) * w + bx + u]));
                }
        }
    return worst;
}

/* A test picture: smooth gradients, a sharp square and some noise (values 0..255). */
static void make_image(float *img, int w, int h)
{
    unsigned state = 3;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            float v = 128.0f + 60.0f * sinf(x * 0.05f) * cosf(y * 0.03f);
            if (x > w / 4 && x < w / 2 && y > h / 4 && y < h / 2)
                v = 250.0f;
            state = state * 1103515245u + 12345u;
            img[(size_t)y * w + x] = v + (float)((state >> 16) % 5);
        }
}

#endif /* DCT_REF_H */
