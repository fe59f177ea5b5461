/*
 * krist.cu - the CUDA kernel of samples/krist: structure factors of `nr` reflections over
 * `na` atoms, one thread per reflection, the atoms staged through shared memory.  The
 * same arithmetic as krist.h and krist.cl.  Launch: ndrange(1, nr, KR_LOCAL).
 */
#define KR_LOCAL 128
#define KR_2PI 6.28318530717958647692f

__global__ void structfac_cuda(const float *atoms, const float *refl, float *f, int na, int nr)
{
    __shared__ float4 sh[KR_LOCAL];
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    float4 hkl = r < nr ? ((const float4 *)refl)[r] : make_float4(0, 0, 0, 0);
    float re = 0, im = 0;
    for (int a0 = 0; a0 < na; a0 += blockDim.x) {
        int a = a0 + threadIdx.x;
        sh[threadIdx.x] = a < na ? ((const float4 *)atoms)[a] : make_float4(0, 0, 0, 0);
        __syncthreads();
        int m = min((int)blockDim.x, na - a0);
        for (int j = 0; j < m; j++) {
            float4 at = sh[j];
            float t = hkl.x * at.x + hkl.y * at.y + hkl.z * at.z, s, c;
            t -= rintf(t);
            sincosf(KR_2PI * t, &s, &c);
            re += at.w * c;
            im += at.w * s;
        }
        __syncthreads();
    }
    if (r < nr)
        ((float2 *)f)[r] = make_float2(re, im);
}
