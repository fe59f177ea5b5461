/* amd_sdk.cl - kernels in the shapes of AMD APP SDK samples: BlackScholes (float4
 * throughout, scalars cast to vectors, a vector ?: with parenthesised operands, which
 * the translation broke, a helper returning through a private pointer named like itself),
 * DCT (an index helper, a __local pointer parameter, const uint parameters, the direction
 * chosen by ?:) and NBody (float4 tiles in __local memory, the tile count from the local
 * size, rsqrt).  Checked by amd_sdk.c against C. */
#pragma OPENCL FP_CONTRACT OFF

/* BlackScholes: float4, casts of scalars to vectors, a vector ?:, a helper
 * returning through a private pointer named like itself */
#define S_LOWER_LIMIT 10.0f
#define S_UPPER_LIMIT 100.0f
#define K_LOWER_LIMIT 10.0f
#define K_UPPER_LIMIT 100.0f
#define T_LOWER_LIMIT 1.0f
#define T_UPPER_LIMIT 10.0f
#define R_LOWER_LIMIT 0.01f
#define R_UPPER_LIMIT 0.05f
#define SIGMA_LOWER_LIMIT 0.01f
#define SIGMA_UPPER_LIMIT 0.10f

void phi(float4 X, float4 *phi)
{
    float4 y;
    float4 absX;
    float4 t;
    const float4 c1 = (float4)0.319381530f;
    const float4 c2 = (float4)-0.356563782f;
    const float4 c3 = (float4)1.781477937f;
    const float4 c4 = (float4)-1.821255978f;
    const float4 c5 = (float4)1.330274429f;
    const float4 zero = (float4)0.0f;
    const float4 one = (float4)1.0f;
    const float4 two = (float4)2.0f;
    const float4 temp4 = (float4)0.2316419f;
    const float4 oneBySqrt2pi = (float4)0.398942280f;
    absX = fabs(X);
    t = one / (one + temp4 * absX);
    y = one - oneBySqrt2pi * exp(-X * X / two) * t * (c1 + t * (c2 + t * (c3 + t * (c4 + t * c5))));
    *phi = (X < zero) ? (one - y) : y;
}

__kernel void blackScholes(const __global float4 *randArray, int width, __global float4 *call,
                           __global float4 *put)
{
    float4 d1, d2;
    float4 phiD1, phiD2;
    float4 sigmaSqrtT;
    float4 KexpMinusRT;
    size_t xPos = get_global_id(0);
    size_t yPos = get_global_id(1);
    float4 two = (float4)2.0f;
    float4 inRand = randArray[yPos * width + xPos];
    float4 S = S_LOWER_LIMIT * inRand + S_UPPER_LIMIT * (1.0f - inRand);
    float4 K = K_LOWER_LIMIT * inRand + K_UPPER_LIMIT * (1.0f - inRand);
    float4 T = T_LOWER_LIMIT * inRand + T_UPPER_LIMIT * (1.0f - inRand);
    float4 R = R_LOWER_LIMIT * inRand + R_UPPER_LIMIT * (1.0f - inRand);
    float4 sigmaVal = SIGMA_LOWER_LIMIT * inRand + SIGMA_UPPER_LIMIT * (1.0f - inRand);
    sigmaSqrtT = sigmaVal * sqrt(T);
    d1 = (log(S / K) + (R + sigmaVal * sigmaVal / two) * T) / sigmaSqrtT;
    d2 = d1 - sigmaSqrtT;
    KexpMinusRT = K * exp(-R * T);
    phi(d1, &phiD1);
    phi(d2, &phiD2);
    call[yPos * width + xPos] = S * phiD1 - KexpMinusRT * phiD2;
    phi(-d1, &phiD1);
    phi(-d2, &phiD2);
    put[yPos * width + xPos] = KexpMinusRT * phiD1 - S * phiD2;
}

/* DCT: a helper computing indices, a __local pointer parameter, const uint
 * parameters, the direction chosen by ?: */
uint getIdx(uint blockIdx, uint blockIdy, uint localIdx, uint localIdy, uint blockWidth,
            uint globalWidth)
{
    uint globalIdx = blockIdx * blockWidth + localIdx;
    uint globalIdy = blockIdy * blockWidth + localIdy;
    return (globalIdy * globalWidth + globalIdx);
}

__kernel void DCT(__global float *output, __global float *input, __global float *dct8x8,
                  __local float *inter, const uint width, const uint blockWidth,
                  const uint inverse)
{
    uint globalIdx = get_global_id(0);
    uint globalIdy = get_global_id(1);
    uint groupIdx = get_group_id(0);
    uint groupIdy = get_group_id(1);
    uint i = get_local_id(0);
    uint j = get_local_id(1);
    uint idx = globalIdy * width + globalIdx;
    float acc = 0.0f;
    for (uint k = 0; k < blockWidth; k++) {
        uint index1 = (inverse) ? i * blockWidth + k : k * blockWidth + i;
        uint index2 = getIdx(groupIdx, groupIdy, j, k, blockWidth, width);
        acc += dct8x8[index1] * input[index2];
    }
    inter[j * blockWidth + i] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    acc = 0.0f;
    for (uint k = 0; k < blockWidth; k++) {
        uint index1 = i * blockWidth + k;
        uint index2 = (inverse) ? j * blockWidth + k : k * blockWidth + j;
        acc += inter[index1] * dct8x8[index2];
    }
    output[idx] = acc;
}

/* NBody: float4 tiles in __local memory, the tile count from the local size,
 * rsqrt */
__kernel void nbody_sim(__global float4 *pos, __global float4 *vel, int numBodies,
                        float deltaTime, float epsSqr, __local float4 *localPos,
                        __global float4 *newPosition, __global float4 *newVelocity)
{
    unsigned int tid = get_local_id(0);
    unsigned int gid = get_global_id(0);
    unsigned int localSize = get_local_size(0);
    unsigned int numTiles = numBodies / localSize;
    float4 myPos = pos[gid];
    float4 acc = (float4)(0.0f, 0.0f, 0.0f, 0.0f);
    for (int i = 0; i < numTiles; ++i) {
        int idx = i * localSize + tid;
        localPos[tid] = pos[idx];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int j = 0; j < localSize; ++j) {
            float4 r = localPos[j] - myPos;
            float distSqr = r.x * r.x + r.y * r.y + r.z * r.z;
            float invDist = rsqrt(distSqr + epsSqr);
            float invDistCube = invDist * invDist * invDist;
            float s = localPos[j].w * invDistCube;
            acc += s * r;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    float4 oldVel = vel[gid];
    float4 newPos = myPos + oldVel * deltaTime + acc * 0.5f * deltaTime * deltaTime;
    newPos.w = myPos.w;
    float4 newVel = oldVel + acc * deltaTime;
    newPosition[gid] = newPos;
    newVelocity[gid] = newVel;
}
