/*
 * krist.h - the host side of samples/krist: the crystal (atoms and reflections), the smp
 * structure-factor kernel (the same arithmetic as krist.cl and krist.cu) and the check.
 *
 * An atom is 4 floats (x, y, z, f): fractional coordinates in the unit cell and its
 * scattering factor.  A reflection is 4 floats (h, k, l, 0), integer Miller indices.
 * The structure factor of reflection (h, k, l) is the complex sum over the atoms
 *   F = sum f * exp(2 pi i (h x + k y + l z)),
 * stored as 2 floats (re, im).  The phase is reduced to a fraction of a turn first
 * (t - rint(t)), so float arithmetic stays accurate for large indices.
 */
#ifndef KRIST_H
#define KRIST_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define KRIST_2PI 6.28318530717958647692f

static inline void krist_crystal(float *atoms, int na, float *refl, int nr)
{
    unsigned s = 2024u;
    for (int i = 0; i < 4 * na; i++) {
        s = s * 1664525u + 1013904223u;
        float u = (float)(s >> 8) / (float)(1u << 24);
        atoms[i] = i % 4 < 3 ? u : 1.0f + floorf(u * 8.0f);    /* f: 1..8, like light atoms */
    }
    for (int r = 0; r < nr; r++) {     /* h, k, l in -16..15, walked in order */
        refl[4 * r + 0] = (float)(r % 32 - 16);
        refl[4 * r + 1] = (float)((r / 32) % 32 - 16);
        refl[4 * r + 2] = (float)((r / 1024) % 32 - 16);
        refl[4 * r + 3] = 0;
    }
}

static inline void krist_host(const float *atoms, const float *refl, float *f, int na, int nr)
{
    for (int r = 0; r < nr; r++) {
        float h = refl[4 * r], k = refl[4 * r + 1], l = refl[4 * r + 2], re = 0, im = 0;
        for (int a = 0; a < na; a++) {
            const float *at = atoms + 4 * a;
            float t = h * at[0] + k * at[1] + l * at[2];
            t -= rintf(t);
            re += at[3] * cosf(KRIST_2PI * t);
            im += at[3] * sinf(KRIST_2PI * t);
        }
        f[2 * r] = re;
        f[2 * r + 1] = im;
    }
}

/*
 * Check F against a double-precision sum, for every reflection when nr <= 2048, else for
 * 2048 spread over the range.  Tolerance 2e-5 of sum |f| (float phases and sums in any
 * order stay well inside; a reflection computed wrongly is off by about sqrt(na) f).
 * Returns the number of wrong reflections.
 */
static inline int krist_wrong(const float *atoms, int na, const float *refl, const float *f,
                              int nr)
{
    double fsum = 0;
    for (int a = 0; a < na; a++)
        fsum += atoms[4 * a + 3];
    int step = nr <= 2048 ? 1 : nr / 2048, wrong = 0;
    for (int r = 0; r < nr; r += step) {
        double re = 0, im = 0;
        for (int a = 0; a < na; a++) {
            const float *at = atoms + 4 * a;
            double t = (double)refl[4 * r] * at[0] + (double)refl[4 * r + 1] * at[1] +
                       (double)refl[4 * r + 2] * at[2];
            re += at[3] * cos(2 * M_PI * t);
            im += at[3] * sin(2 * M_PI * t);
        }
        if (!(fabs(f[2 * r] - re) <= 2e-5 * fsum && fabs(f[2 * r + 1] - im) <= 2e-5 * fsum)) {
            if (wrong < 3)
                fprintf(stderr, "reflection %d: (%g, %g), want (%g, %g)\n", r, f[2 * r],
                        f[2 * r + 1], re, im);
            wrong++;
        }
    }
    return wrong;
}

#endif /* KRIST_H */
