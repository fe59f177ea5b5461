/* blackscholes.cl - European call and put prices by the Black-Scholes formula, one work
 * item per option (items past n do nothing: the global size is rounded up). */

/* Cumulative normal distribution: the polynomial of Abramowitz and Stegun 26.2.17
 * (absolute error below 7.5e-8), the same as the C version's. */
float cnd(float d)
{
    const float a1 = 0.31938153f, a2 = -0.356563782f, a3 = 1.781477937f,
                a4 = -1.821255978f, a5 = 1.330274429f, rsqrt2pi = 0.39894228040143267794f;
    float k = 1.0f / (1.0f + 0.2316419f * fabs(d));
    float c = rsqrt2pi * exp(-0.5f * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
    return d > 0 ? 1.0f - c : c;
}

__kernel void blackscholes_ocl(int n, float r, float v, __global const float *s,
                               __global const float *k, __global const float *t,
                               __global float *call, __global float *put)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    float sqrt_t = sqrt(t[i]);
    float d1 = (log(s[i] / k[i]) + (r + 0.5f * v * v) * t[i]) / (v * sqrt_t);
    float d2 = d1 - v * sqrt_t;
    float disc = k[i] * exp(-r * t[i]);
    call[i] = s[i] * cnd(d1) - disc * cnd(d2);
    put[i] = disc * cnd(-d2) - s[i] * cnd(-d1);
}
