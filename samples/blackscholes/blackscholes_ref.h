/*
 * blackscholes_ref.h - what the blackscholes sample and its hand-written OpenCL host
 * (bench/opencl/blackscholes_host.c) share: the input data and the sequential reference the
 * results are checked against, so both programs check the same thing.
 */
#ifndef BLACKSCHOLES_REF_H
#define BLACKSCHOLES_REF_H

#include <math.h>
#include <stddef.h>
#include <stdlib.h>

/* The sequential reference in double precision, with the exact normal distribution. */
static void reference(double s, double k, double t, double *call, double *put)
{
    double r = RISKFREE, v = VOLATILITY;
    double d1 = (log(s / k) + (r + 0.5 * v * v) * t) / (v * sqrt(t)), d2 = d1 - v * sqrt(t);
    double disc = k * exp(-r * t);
    *call = s * 0.5 * erfc(-d1 / sqrt(2)) - disc * 0.5 * erfc(-d2 / sqrt(2));
    *put = disc * 0.5 * erfc(d2 / sqrt(2)) - s * 0.5 * erfc(d1 / sqrt(2));
}

/* Largest error of the prices against the reference, relative to max(1, price). */
static double max_error(const float *s, const float *k, const float *t, const float *call,
                        const float *put, long n)
{
    double worst = 0;
    for (long i = 0; i < n; i++) {
        double c, p;
        reference(s[i], k[i], t[i], &c, &p);
        worst = fmax(worst, fabs(call[i] - c) / fmax(1.0, fabs(c)));
        worst = fmax(worst, fabs(put[i] - p) / fmax(1.0, fabs(p)));
    }
    return worst;
}

/* Inputs as in the classic benchmark: spot 5..30, strike 1..100, expiry 0.25..10 years. */
static void make_options(float *s, float *k, float *t, long n)
{
    unsigned long long state = 42;
    for (long i = 0; i < n; i++) {
        float u[3];
        for (int j = 0; j < 3; j++) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            u[j] = (float)(state >> 40) / (float)(1 << 24);
        }
        s[i] = 5.0f + 25.0f * u[0];
        k[i] = 1.0f + 99.0f * u[1];
        t[i] = 0.25f + 9.75f * u[2];
    }
}

#endif /* BLACKSCHOLES_REF_H */
