/*
 * nbody.cl - the OpenCL kernel of samples/nbody: one time step of the all-pairs n-body
 * simulation for a block of `count` bodies starting at body `first`; the same algorithm as
 * nbody.cu.  Also run by the hand-written OpenCL peer (bench/opencl-gpu/nbody_host.c).
 *
 * Bodies are float4 (x, y, z, mass) positions and float4 (vx, vy, vz, 0) velocities.
 * pin holds all n positions; vin, pout and vout hold the block only.  Launch:
 * ndrange(1, count, NB_LOCAL).
 */
#define NB_LOCAL 256
#define NB_EPS2 0.01f

__kernel __attribute__((reqd_work_group_size(NB_LOCAL, 1, 1)))
void nbody_step_ocl(__global const float4 *pin, __global const float4 *vin,
                    __global float4 *pout, __global float4 *vout,
                    int n, int first, int count, float dt)
{
    __local float4 sh[NB_LOCAL];
    int i = get_global_id(0), lid = get_local_id(0);
    float4 me = i < count ? pin[first + i] : (float4)(0.0f);
    float ax = 0, ay = 0, az = 0;

    for (int j0 = 0; j0 < n; j0 += NB_LOCAL) {
        int j = j0 + lid;
        sh[lid] = j < n ? pin[j] : (float4)(0.0f);
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < NB_LOCAL; k++) {
            float4 o = sh[k];
            float dx = o.x - me.x, dy = o.y - me.y, dz = o.z - me.z;
            float inv = rsqrt(dx * dx + dy * dy + dz * dz + NB_EPS2);
            float s = o.w * inv * inv * inv;
            ax += dx * s;
            ay += dy * s;
            az += dz * s;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (i < count) {
        float4 v = vin[i];
        v.x += ax * dt;
        v.y += ay * dt;
        v.z += az * dt;
        vout[i] = v;
        pout[i] = (float4)(me.x + v.x * dt, me.y + v.y * dt, me.z + v.z * dt, me.w);
    }
}
