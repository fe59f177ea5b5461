/* clones.cl: a kernel whose helper function must be inlined into the work-group function
 * whatever -march the program is built with (run.sh clones). */
static float cnd(float d)
{
    float k = 1.0f / (1.0f + 0.2316419f * fabs(d));
    float c = 0.39894228f * exp(-0.5f * d * d) * (k * (0.31938153f + k * (-0.356563782f + k * 1.781477937f)));
    return d > 0 ? 1.0f - c : c;
}
__kernel void k(__global const float *a, __global float *b, int n)
{
    int i = get_global_id(0);
    if (i < n)
        b[i] = cnd(a[i]) - cnd(-a[i]);
}
