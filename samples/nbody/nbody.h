/*
 * nbody.h - the host side of samples/nbody shared with the hand-written peers
 * (bench/cuda, bench/opencl-gpu): the initial bodies, the smp step (the same arithmetic
 * as the kernels), and the check.
 *
 * Bodies are 4 floats each: positions (x, y, z, mass), velocities (vx, vy, vz, 0).
 */
#ifndef NBODY_H
#define NBODY_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define NB_EPS2_HOST 0.01f      /* NB_EPS2 of the kernels */

/* A deterministic cloud of n bodies in the unit cube, small random velocities; masses
 * in [0.5, 1.5) / n so the total mass, hence the accelerations, do not grow with n. */
static inline void nbody_init(float *pos, float *vel, int n)
{
    unsigned s = 12345u;
    for (int i = 0; i < 4 * n; i++) {
        s = s * 1664525u + 1013904223u;
        float u = (float)(s >> 8) / (float)(1u << 24);
        int c = i % 4;
        pos[i] = c < 3 ? u : (0.5f + u) / (float)n;
        vel[i] = c < 3 ? (u - 0.5f) * 0.01f : 0.0f;
    }
}

/* One step for bodies first..first+count-1, in float, as the kernels do it. */
static inline void nbody_step_host(const float *pin, const float *vin, float *pout, float *vout,
                                   int n, int first, int count, float dt)
{
    for (int i = 0; i < count; i++) {
        const float *me = pin + 4 * (first + i);
        float ax = 0, ay = 0, az = 0;
        for (int j = 0; j < n; j++) {
            const float *o = pin + 4 * j;
            float dx = o[0] - me[0], dy = o[1] - me[1], dz = o[2] - me[2];
            float inv = 1.0f / sqrtf(dx * dx + dy * dy + dz * dz + NB_EPS2_HOST);
            float s = o[3] * inv * inv * inv;
            ax += dx * s;
            ay += dy * s;
            az += dz * s;
        }
        const float *v = vin + 4 * i;
        float *vo = vout + 4 * i, *po = pout + 4 * i;
        vo[0] = v[0] + ax * dt;
        vo[1] = v[1] + ay * dt;
        vo[2] = v[2] + az * dt;
        vo[3] = v[3];
        po[0] = me[0] + vo[0] * dt;
        po[1] = me[1] + vo[1] * dt;
        po[2] = me[2] + vo[2] * dt;
        po[3] = me[3];
    }
}

/*
 * Check the last step: (p, v) must be one step from (p0, v0), recomputed in double for
 * every body when n <= 4096, else for 1024 bodies spread over the whole range.  The
 * tolerance covers float sums of n terms in any order (relative 2e-4 of the sum of the
 * terms' magnitudes); a wrong or missing block is off by about its whole acceleration.
 * Returns the bodies wrong.
 */
static inline int nbody_wrong_bodies(const float *p0, const float *v0, const float *p,
                                     const float *v, int n, float dt)
{
    int step = n <= 4096 ? 1 : n / 1024, wrong = 0;
    for (int i = 0; i < n; i += step) {
        double a[3] = {0, 0, 0}, norm = 0;
        for (int j = 0; j < n; j++) {
            double d[3], r2 = NB_EPS2_HOST;
            for (int c = 0; c < 3; c++) {
                d[c] = (double)p0[4 * j + c] - p0[4 * i + c];
                r2 += d[c] * d[c];
            }
            double s = p0[4 * j + 3] / (r2 * sqrt(r2));
            for (int c = 0; c < 3; c++)
                a[c] += d[c] * s;
            norm += p0[4 * j + 3] / r2;                 /* scale of the sum's terms */
        }
        for (int c = 0; c < 3; c++) {
            double vr = v0[4 * i + c] + a[c] * dt, pr = p0[4 * i + c] + vr * dt;
            double tol = 2e-4 * norm * dt + 1e-6 * fabs(v0[4 * i + c]) + 1e-7;
            double ptol = tol * dt + 4e-7 * (fabs(p0[4 * i + c]) + 1);
            if (!(fabs(v[4 * i + c] - vr) <= tol) || !(fabs(p[4 * i + c] - pr) <= ptol)) {
                if (wrong < 3)
                    fprintf(stderr, "body %d axis %d: v %.8g (want %.8g), p %.8g (want %.8g)\n",
                            i, c, v[4 * i + c], vr, p[4 * i + c], pr);
                wrong++;
                break;
            }
        }
    }
    return wrong;
}

/* The largest change of total momentum along an axis between two states: the pairwise
 * forces conserve it, so a step computed from the wrong positions shows here. */
static inline double nbody_momentum_drift(const float *pa, const float *va, const float *pb,
                                          const float *vb, int n)
{
    double worst = 0;
    for (int c = 0; c < 3; c++) {
        double d = 0;
        for (int i = 0; i < n; i++)
            d += (double)pb[4 * i + 3] * vb[4 * i + c] - (double)pa[4 * i + 3] * va[4 * i + c];
        worst = fmax(worst, fabs(d));
    }
    return worst;
}

#endif /* NBODY_H */
