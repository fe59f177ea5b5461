/* atomics2.cl - OpenCL C 2.0's atomics (atomic_int and friends, atomic_init, the _explicit
 * forms with memory orders and scopes, compare_exchange, fences, work_group_barrier with a
 * scope) and the 64-bit, unsigned and float forms of the 1.x atomic functions, on __global
 * and __local memory.
 * Built with -cl-std=CL3.0 (PoCL has no generic address space: its 2.0 atomics are 3.0's).
 * Every result is independent of the order the work-items ran in.  Checked by atomics2.c. */
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

/* cnt: [0] items, [1] sum, [2] min, [3] max, [4] xor by a CAS loop, [5] items counted down;
 * big[0]: sum of 2^32 + i; bits: [0] or, [1] and, [2] xor, [3] count down; f[0]: one of the
 * values (exchange), f[1]: stored by item 0 */
__kernel void c11_global(__global const int *x, __global atomic_int *cnt,
                         __global atomic_long *big, __global atomic_uint *bits,
                         __global atomic_float *f, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    int v = x[i];
    atomic_fetch_add_explicit(&cnt[0], 1, memory_order_relaxed, memory_scope_device);
    atomic_fetch_add(&cnt[1], v);
    atomic_fetch_min_explicit(&cnt[2], v, memory_order_relaxed);
    atomic_fetch_max(&cnt[3], v);
    int e = atomic_load_explicit(&cnt[4], memory_order_relaxed);
    while (!atomic_compare_exchange_weak_explicit(&cnt[4], &e, e ^ v, memory_order_acq_rel,
                                                  memory_order_relaxed))
        ;
    atomic_fetch_sub_explicit(&cnt[5], 1, memory_order_seq_cst, memory_scope_work_group);
    atomic_fetch_add(&big[0], (1L << 32) + i);
    atomic_fetch_or(&bits[0], 1u << (i % 32));
    atomic_fetch_and(&bits[1], ~(1u << (i % 31)));
    atomic_fetch_xor_explicit(&bits[2], (uint)v, memory_order_relaxed);
    atomic_fetch_sub(&bits[3], 2u);
    atomic_exchange(&f[0], (float)v);
    if (i == 0)
        atomic_store_explicit(&f[1], 2.5f, memory_order_release, memory_scope_device);
}

/* Each group counts its items and sums its values in __local atomics, the last group to
 * finish (a ticket taken after a fence) adds up every group's partial sums: the reduction
 * of the SDKs' threadfence samples.  out[0]: that sum, out[1]: its group count. */
__kernel void c11_last_group(__global const int *x, __global int *partial,
                             __global atomic_int *ticket, __global int *out)
{
    __local atomic_int items, sum;
    __local int last;
    int l = get_local_id(0), g = get_group_id(0), ng = get_num_groups(0);
    if (l == 0) {
        atomic_init(&items, 0);
        atomic_init(&sum, 0);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_fetch_add_explicit(&items, 1, memory_order_relaxed, memory_scope_work_group);
    atomic_fetch_add_explicit(&sum, x[get_global_id(0)], memory_order_relaxed,
                              memory_scope_work_group);
    work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group);
    if (l == 0) {
        partial[g] = atomic_load_explicit(&sum, memory_order_relaxed, memory_scope_work_group) +
                     1000000 * (atomic_load(&items) - (int)get_local_size(0));
        atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
        last = atomic_fetch_add_explicit(ticket, 1, memory_order_acq_rel,
                                         memory_scope_device) == ng - 1;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (last && l == 0) {
        atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_device);
        int s = 0;
        for (int k = 0; k < ng; k++)
            s += partial[k];
        out[0] = s;
        out[1] = ng;
    }
}

/* The 1.x functions on other types: 64-bit (atom_), unsigned, float exchange; __local
 * minimum and maximum merged into __global ones.  l64: [0] sum, [1] count, [2] CAS winner
 * count; u: [0] sub, [1] and, [2] or, [3] xor; mm: [0] min, [1] max. */
__kernel void legacy(__global const int *x, __global long *l64, __global uint *u,
                     __global float *fx, __global int *mm, int n)
{
    __local int lo, hi;
    int i = get_global_id(0), l = get_local_id(0);
    if (l == 0) {
        lo = 1 << 30;
        hi = -(1 << 30);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i < n) {
        int v = x[i];
        atom_add(&l64[0], (long)v * 3000000000L);
        atom_inc(&l64[1]);
        if (atom_cmpxchg(&l64[2], 0L, (long)i + 1) == 0L)
            atom_add(&l64[3], 1L);
        atomic_sub(&u[0], (uint)i);
        atomic_and(&u[1], ~(1u << (i % 32)));
        atomic_or(&u[2], 1u << (i % 17));
        atomic_xor(&u[3], (uint)v);
        atomic_xchg(&fx[0], (float)v * 0.5f);
        atomic_min(&lo, v);
        atomic_max(&hi, v);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) {
        atomic_min(&mm[0], lo);
        atomic_max(&mm[1], hi);
    }
}

/* A float sum by compare-and-swap on the bits (a union, a cast to an unsigned pointer): the
 * float atomic add of GPU codes written for OpenCL 1.x.  Exact data: any order sums alike. */
inline void atomic_add_f(volatile __global float *addr, float val)
{
    union {
        unsigned int u32;
        float f32;
    } next, expected, current;
    current.f32 = *addr;
    do {
        expected.f32 = current.f32;
        next.f32 = expected.f32 + val;
        current.u32 = atomic_cmpxchg((volatile __global unsigned int *)addr, expected.u32,
                                     next.u32);
    } while (current.u32 != expected.u32);
}

__kernel void float_sums(__global const int *x, __global float *sums, int n)
{
    int i = get_global_id(0);
    if (i < n)
        atomic_add_f(&sums[i & 3], (float)x[i] * 0.5f);
}
