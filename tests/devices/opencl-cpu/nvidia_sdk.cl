/* nvidia_sdk.cl - kernels in the shapes of NVIDIA's OpenCL SDK samples: bitonic sort
 * (reqd_work_group_size of a macro expression, a pointer parameter advanced by the group's
 * offset and kept across barriers, comparators on __local and private pointers, a
 * direction computed in an outer barrier loop used in the inner one, a loop continuing a
 * parameter), histogram256 (per-warp sub-histograms in __local memory counted by atom_inc
 * through a volatile __local pointer, reqd_work_group_size of a parenthesised product,
 * loops striding by the global size), MersenneTwister (a private uint array, shifts and
 * masks, a struct of parameters in __global memory) and BoxMuller (a helper updating
 * __global memory through pointers, native_ functions).  Their reqd_work_group_size was
 * read as the digits of its text (`128 / 2` as 128 x 2 x 1, `(4 * 32)` as 0).  Checked by
 * nvidia_sdk.c against C. */
#pragma OPENCL FP_CONTRACT OFF

/* ---- bitonic sort ---- */
#define LOCAL_SIZE_LIMIT 128

inline void ComparatorPrivate(uint *keyA, uint *valA, uint *keyB, uint *valB, uint dir)
{
    if ((*keyA > *keyB) == dir) {
        uint t;
        t = *keyA; *keyA = *keyB; *keyB = t;
        t = *valA; *valA = *valB; *valB = t;
    }
}

inline void ComparatorLocal(__local uint *keyA, __local uint *valA, __local uint *keyB,
                            __local uint *valB, uint dir)
{
    if ((*keyA > *keyB) == dir) {
        uint t;
        t = *keyA; *keyA = *keyB; *keyB = t;
        t = *valA; *valA = *valB; *valB = t;
    }
}

__kernel __attribute__((reqd_work_group_size(LOCAL_SIZE_LIMIT / 2, 1, 1)))
void bitonicSortLocal1(__global uint *d_DstKey, __global uint *d_DstVal,
                       __global uint *d_SrcKey, __global uint *d_SrcVal)
{
    __local uint l_key[LOCAL_SIZE_LIMIT];
    __local uint l_val[LOCAL_SIZE_LIMIT];

    d_SrcKey += get_group_id(0) * LOCAL_SIZE_LIMIT + get_local_id(0);
    d_SrcVal += get_group_id(0) * LOCAL_SIZE_LIMIT + get_local_id(0);
    d_DstKey += get_group_id(0) * LOCAL_SIZE_LIMIT + get_local_id(0);
    d_DstVal += get_group_id(0) * LOCAL_SIZE_LIMIT + get_local_id(0);
    l_key[get_local_id(0) + 0] = d_SrcKey[0];
    l_val[get_local_id(0) + 0] = d_SrcVal[0];
    l_key[get_local_id(0) + (LOCAL_SIZE_LIMIT / 2)] = d_SrcKey[(LOCAL_SIZE_LIMIT / 2)];
    l_val[get_local_id(0) + (LOCAL_SIZE_LIMIT / 2)] = d_SrcVal[(LOCAL_SIZE_LIMIT / 2)];

    uint comparatorI = get_global_id(0) & ((LOCAL_SIZE_LIMIT / 2) - 1);

    for (uint size = 2; size < LOCAL_SIZE_LIMIT; size <<= 1) {
        uint ddd = (comparatorI & (size / 2)) != 0;
        for (uint stride = size / 2; stride > 0; stride >>= 1) {
            barrier(CLK_LOCAL_MEM_FENCE);
            uint pos = 2 * get_local_id(0) - (get_local_id(0) & (stride - 1));
            ComparatorLocal(&l_key[pos + 0], &l_val[pos + 0], &l_key[pos + stride],
                            &l_val[pos + stride], ddd);
        }
    }

    {
        uint ddd = (get_group_id(0) & 1);
        for (uint stride = LOCAL_SIZE_LIMIT / 2; stride > 0; stride >>= 1) {
            barrier(CLK_LOCAL_MEM_FENCE);
            uint pos = 2 * get_local_id(0) - (get_local_id(0) & (stride - 1));
            ComparatorLocal(&l_key[pos + 0], &l_val[pos + 0], &l_key[pos + stride],
                            &l_val[pos + stride], ddd);
        }
    }

    barrier(CLK_LOCAL_MEM_FENCE);
    d_DstKey[0] = l_key[get_local_id(0) + 0];
    d_DstVal[0] = l_val[get_local_id(0) + 0];
    d_DstKey[(LOCAL_SIZE_LIMIT / 2)] = l_key[get_local_id(0) + (LOCAL_SIZE_LIMIT / 2)];
    d_DstVal[(LOCAL_SIZE_LIMIT / 2)] = l_val[get_local_id(0) + (LOCAL_SIZE_LIMIT / 2)];
}

__kernel void bitonicMergeGlobal(__global uint *d_DstKey, __global uint *d_DstVal,
                                 __global uint *d_SrcKey, __global uint *d_SrcVal,
                                 uint arrayLength, uint size, uint stride, uint dir)
{
    uint global_comparatorI = get_global_id(0);
    uint comparatorI = global_comparatorI & (arrayLength / 2 - 1);
    uint ddd = dir ^ ((comparatorI & (size / 2)) != 0);
    uint pos = 2 * global_comparatorI - (global_comparatorI & (stride - 1));

    uint keyA = d_SrcKey[pos + 0];
    uint valA = d_SrcVal[pos + 0];
    uint keyB = d_SrcKey[pos + stride];
    uint valB = d_SrcVal[pos + stride];

    ComparatorPrivate(&keyA, &valA, &keyB, &valB, ddd);

    d_DstKey[pos + 0] = keyA;
    d_DstVal[pos + 0] = valA;
    d_DstKey[pos + stride] = keyB;
    d_DstVal[pos + stride] = valB;
}

__kernel __attribute__((reqd_work_group_size(LOCAL_SIZE_LIMIT / 2, 1, 1)))
void bitonicMergeLocal(__global uint *d_DstKey, __global uint *d_DstVal,
                       __global uint *d_SrcKey, __global uint *d_SrcVal,
                       uint arrayLength, uint stride, uint size, uint dir)
{
    __local uint l_key[LOCAL_SIZE_LIMIT];
    __local uint l_val[LOCAL_SIZE_LIMIT];

    d_SrcKey += get_group_id(0) * LOCAL_SIZE_LIMIT + get_local_id(0);
    d_SrcVal += get_group_id(0) * LOCAL_SIZE_LIMIT + get_local_id(0);
    d_DstKey += get_group_id(0) * LOCAL_SIZE_LIMIT + get_local_id(0);
    d_DstVal += get_group_id(0) * LOCAL_SIZE_LIMIT + get_local_id(0);
    l_key[get_local_id(0) + 0] = d_SrcKey[0];
    l_val[get_local_id(0) + 0] = d_SrcVal[0];
    l_key[get_local_id(0) + (LOCAL_SIZE_LIMIT / 2)] = d_SrcKey[(LOCAL_SIZE_LIMIT / 2)];
    l_val[get_local_id(0) + (LOCAL_SIZE_LIMIT / 2)] = d_SrcVal[(LOCAL_SIZE_LIMIT / 2)];

    uint comparatorI = get_global_id(0) & ((arrayLength / 2) - 1);
    uint ddd = dir ^ ((comparatorI & (size / 2)) != 0);
    for (; stride > 0; stride >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        uint pos = 2 * get_local_id(0) - (get_local_id(0) & (stride - 1));
        ComparatorLocal(&l_key[pos + 0], &l_val[pos + 0], &l_key[pos + stride],
                        &l_val[pos + stride], ddd);
    }

    barrier(CLK_LOCAL_MEM_FENCE);
    d_DstKey[0] = l_key[get_local_id(0) + 0];
    d_DstVal[0] = l_val[get_local_id(0) + 0];
    d_DstKey[(LOCAL_SIZE_LIMIT / 2)] = l_key[get_local_id(0) + (LOCAL_SIZE_LIMIT / 2)];
    d_DstVal[(LOCAL_SIZE_LIMIT / 2)] = l_val[get_local_id(0) + (LOCAL_SIZE_LIMIT / 2)];
}

/* ---- histogram256 ---- */
#define LOG2_WARP_SIZE 5U
#define WARP_SIZE (1U << LOG2_WARP_SIZE)
#define HISTOGRAM256_BIN_COUNT 256
#define WARP_COUNT 4
#define HISTOGRAM256_WORKGROUP_SIZE (WARP_COUNT * WARP_SIZE)
#define HISTOGRAM256_WORKGROUP_MEMORY (WARP_COUNT * HISTOGRAM256_BIN_COUNT)
#define MERGE_WORKGROUP_SIZE 64
#pragma OPENCL EXTENSION cl_khr_local_int32_base_atomics : enable

inline void addByte(volatile __local uint *l_WarpHist, uint data)
{
    atom_inc(l_WarpHist + data);
}

inline void addWord(volatile __local uint *l_WarpHist, uint data)
{
    addByte(l_WarpHist, (data >> 0) & 0xFFU);
    addByte(l_WarpHist, (data >> 8) & 0xFFU);
    addByte(l_WarpHist, (data >> 16) & 0xFFU);
    addByte(l_WarpHist, (data >> 24) & 0xFFU);
}

__kernel __attribute__((reqd_work_group_size(HISTOGRAM256_WORKGROUP_SIZE, 1, 1)))
void histogram256(__global uint *d_PartialHistograms, __global uint *d_Data, uint dataCount)
{
    __local uint l_Hist[HISTOGRAM256_WORKGROUP_MEMORY];
    __local uint *l_WarpHist =
        l_Hist + (get_local_id(0) >> LOG2_WARP_SIZE) * HISTOGRAM256_BIN_COUNT;

    for (uint i = 0; i < (HISTOGRAM256_BIN_COUNT / WARP_SIZE); i++)
        l_Hist[get_local_id(0) + i * HISTOGRAM256_WORKGROUP_SIZE] = 0;

    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint pos = get_global_id(0); pos < dataCount; pos += get_global_size(0)) {
        uint data = d_Data[pos];
        addWord(l_WarpHist, data);
    }

    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint pos = get_local_id(0); pos < HISTOGRAM256_BIN_COUNT;
         pos += HISTOGRAM256_WORKGROUP_SIZE) {
        uint sum = 0;
        for (uint i = 0; i < WARP_COUNT; i++)
            sum += l_Hist[pos + i * HISTOGRAM256_BIN_COUNT];
        d_PartialHistograms[get_group_id(0) * HISTOGRAM256_BIN_COUNT + pos] = sum;
    }
}

__kernel __attribute__((reqd_work_group_size(MERGE_WORKGROUP_SIZE, 1, 1)))
void mergeHistogram256(__global uint *d_Histogram, __global uint *d_PartialHistograms,
                       uint histogramCount)
{
    __local uint l_Data[MERGE_WORKGROUP_SIZE];

    uint sum = 0;
    for (uint i = get_local_id(0); i < histogramCount; i += MERGE_WORKGROUP_SIZE)
        sum += d_PartialHistograms[get_group_id(0) + i * HISTOGRAM256_BIN_COUNT];
    l_Data[get_local_id(0)] = sum;

    for (uint stride = MERGE_WORKGROUP_SIZE / 2; stride > 0; stride >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (get_local_id(0) < stride)
            l_Data[get_local_id(0)] += l_Data[get_local_id(0) + stride];
    }

    if (get_local_id(0) == 0)
        d_Histogram[get_group_id(0)] = l_Data[0];
}

/* ---- MersenneTwister and BoxMuller ---- */
#define MT_RNG_COUNT 256
#define MT_MM 9
#define MT_NN 19
#define MT_WMASK 0xFFFFFFFFU
#define MT_UMASK 0xFFFFFFFEU
#define MT_LMASK 0x1U
#define MT_SHIFT0 12
#define MT_SHIFTB 7
#define MT_SHIFTC 15
#define MT_SHIFT1 18
#define PI 3.14159265358979f

typedef struct {
    unsigned int matrix_a;
    unsigned int mask_b;
    unsigned int mask_c;
    unsigned int seed;
} mt_struct_stripped;

__kernel void MersenneTwister(__global float *d_Rand, __global mt_struct_stripped *d_MT,
                              int nPerRng)
{
    int globalID = get_global_id(0);
    int iState, iState1, iStateM, iOut;
    unsigned int mti, mti1, mtiM, x;
    unsigned int mt[MT_NN], matrix_a, mask_b, mask_c;
    matrix_a = d_MT[globalID].matrix_a;
    mask_b = d_MT[globalID].mask_b;
    mask_c = d_MT[globalID].mask_c;
    mt[0] = d_MT[globalID].seed;
    for (iState = 1; iState < MT_NN; iState++)
        mt[iState] = (1812433253U * (mt[iState - 1] ^ (mt[iState - 1] >> 30)) + iState) & MT_WMASK;
    iState = 0;
    mti1 = mt[0];
    for (iOut = 0; iOut < nPerRng; iOut++) {
        iState1 = iState + 1;
        iStateM = iState + MT_MM;
        if (iState1 >= MT_NN)
            iState1 -= MT_NN;
        if (iStateM >= MT_NN)
            iStateM -= MT_NN;
        mti = mti1;
        mti1 = mt[iState1];
        mtiM = mt[iStateM];
        x = (mti & MT_UMASK) | (mti1 & MT_LMASK);
        x = mtiM ^ (x >> 1) ^ ((x & 1) ? matrix_a : 0);
        mt[iState] = x;
        iState = iState1;
        x ^= (x >> MT_SHIFT0);
        x ^= (x << MT_SHIFTB) & mask_b;
        x ^= (x << MT_SHIFTC) & mask_c;
        x ^= (x >> MT_SHIFT1);
        d_Rand[globalID + iOut * MT_RNG_COUNT] = ((float)x + 1.0f) / 4294967296.0f;
    }
}

void BoxMullerTrans(__global float *u1, __global float *u2)
{
    float r = native_sqrt(-2.0f * log(*u1));
    float phi = 2 * PI * (*u2);
    *u1 = r * native_cos(phi);
    *u2 = r * native_sin(phi);
}

__kernel void BoxMuller(__global float *d_Rand, int nPerRng)
{
    int globalID = get_global_id(0);
    for (int iOut = 0; iOut < nPerRng; iOut += 2)
        BoxMullerTrans(&d_Rand[globalID + (iOut + 0) * MT_RNG_COUNT],
                       &d_Rand[globalID + (iOut + 1) * MT_RNG_COUNT]);
}
