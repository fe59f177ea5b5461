/*
 * krist.cl - the OpenCL kernel of samples/krist: structure factors of `nr` reflections
 * over `na` atoms, one work-item per reflection, the atoms staged through local memory.
 * The same arithmetic as krist.h and krist.cu.  Launch: ndrange(1, nr, KR_LOCAL).
 */
#define KR_LOCAL 128
#define KR_2PI 6.28318530717958647692f

__kernel __attribute__((reqd_work_group_size(KR_LOCAL, 1, 1)))
void structfac_ocl(__global const float4 *atoms, __global const float4 *refl,
                   __global float2 *f, int na, int nr)
{
    __local float4 sh[KR_LOCAL];
    int r = get_global_id(0), lid = get_local_id(0);
    float4 hkl = r < nr ? refl[r] : (float4)(0.0f);
    float re = 0, im = 0;
    for (int a0 = 0; a0 < na; a0 += KR_LOCAL) {
        int a = a0 + lid;
        sh[lid] = a < na ? atoms[a] : (float4)(0.0f);
        barrier(CLK_LOCAL_MEM_FENCE);
        int m = min(KR_LOCAL, na - a0);
        for (int j = 0; j < m; j++) {
            float4 at = sh[j];
            float t = hkl.x * at.x + hkl.y * at.y + hkl.z * at.z, c;
            t -= rint(t);
            float s = sincos(KR_2PI * t, &c);
            re += at.w * c;
            im += at.w * s;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (r < nr)
        f[r] = (float2)(re, im);
}
