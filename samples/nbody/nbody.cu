/*
 * nbody.cu - the CUDA kernel of samples/nbody: one time step of the all-pairs n-body
 * simulation for a block of `count` bodies starting at body `first`.  Also compiled into
 * the hand-written peer (bench/cuda/nbody_hand.cu) so both run exactly this code.
 *
 * Bodies are float4 (x, y, z, mass) positions and float4 (vx, vy, vz, 0) velocities.
 * pin holds all n positions; vin, pout and vout hold the block only.  Launch:
 * ndrange(1, count, NB_LOCAL): each block stages NB_LOCAL positions at a time through
 * shared memory, the classic tiled all-pairs scheme.
 */
#define NB_LOCAL 256
#define NB_EPS2 0.01f           /* softening: no singularity, a body exerts no force on itself */

__global__ void nbody_step_cuda(const float *pin, const float *vin, float *pout, float *vout,
                                int n, int first, int count, float dt)
{
    __shared__ float4 sh[NB_LOCAL];
    const float4 *p = (const float4 *)pin;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 me = i < count ? p[first + i] : make_float4(0, 0, 0, 0);
    float ax = 0, ay = 0, az = 0;

    for (int j0 = 0; j0 < n; j0 += blockDim.x) {
        int j = j0 + threadIdx.x;
        sh[threadIdx.x] = j < n ? p[j] : make_float4(0, 0, 0, 0);  /* mass 0: no force */
        __syncthreads();
#pragma unroll 8
        for (int k = 0; k < blockDim.x; k++) {
            float4 o = sh[k];
            float dx = o.x - me.x, dy = o.y - me.y, dz = o.z - me.z;
            float inv = rsqrtf(dx * dx + dy * dy + dz * dz + NB_EPS2);
            float s = o.w * inv * inv * inv;
            ax += dx * s;
            ay += dy * s;
            az += dz * s;
        }
        __syncthreads();
    }
    if (i < count) {
        float4 v = ((const float4 *)vin)[i];
        v.x += ax * dt;
        v.y += ay * dt;
        v.z += az * dt;
        ((float4 *)vout)[i] = v;
        ((float4 *)pout)[i] = make_float4(me.x + v.x * dt, me.y + v.y * dt, me.z + v.z * dt, me.w);
    }
}
