/* atomics.cl - atomic functions on __global and __local memory: a histogram counted
 * per group in __local memory and merged into __global counts, global counters,
 * minimum and maximum, and a compare-and-swap loop.  Checked by atomics.c. */
#define BINS 16

__kernel void histogram(__global const uint *x, __global uint *hist, int n)
{
    __local uint h[BINS];
    int l = get_local_id(0), i = get_global_id(0);
    if (l < BINS)
        h[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i < n)
        atomic_inc(&h[x[i] % BINS]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < BINS)
        atomic_add(&hist[l], h[l]);
}

/* counts[0]: items seen; counts[1]: the sum; counts[2], [3]: minimum and maximum;
 * counts[4]: a CAS-loop xor of every value; counts[5]: atomic_xchg's last value is one of
 * them; counts[6]: odd values, counted down from n. */
__kernel void counters(__global const int *x, __global int *counts, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    int v = x[i];
    atomic_inc(&counts[0]);
    atomic_add(&counts[1], v);
    atomic_min(&counts[2], v);
    atomic_max(&counts[3], v);
    int old = counts[4], seen;
    while ((seen = atomic_cmpxchg(&counts[4], old, old ^ v)) != old)
        old = seen;
    atomic_xchg(&counts[5], v);
    if (v & 1)
        atomic_dec(&counts[6]);
}
