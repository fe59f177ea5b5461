/* barrier_state.cl - what work-items keep across barriers in GPU codes: a private array
 * and a float4 (a register tile), values read from memory that later regions overwrite,
 * atomic tickets (taken once), a shadowing declaration, a parameter halved in a barrier
 * loop, a `for` whose init is an expression (its translation did not compile), nested
 * barrier loops (a bitonic sort), a loop until a __local flag says done, a pointer into
 * a __local tile; the float atomic add written with atomic_cmpxchg on a union; items
 * that return before a barrier (undefined: no hang, no crash); one declaration of a value
 * kept across a barrier and one recomputed after it.
 * Checked by barrier_state.c against C. */
#pragma OPENCL FP_CONTRACT OFF
#define TS 8
#define R 4
#define LS 64

/* each item: R sums over tiles of a staged through __local memory */
__kernel void regtile(__global const float *a, __global float *out, int n)
{
    __local float t[TS * R];
    int l = get_local_id(0), g = get_group_id(0);
    float acc[R];
    float4 v4 = (float4)(0.0f);
    for (int r = 0; r < R; r++)
        acc[r] = 0.0f;
    for (int k0 = 0; k0 < n; k0 += TS * R) {
        for (int r = 0; r < R; r++)
            t[l * R + r] = a[k0 + l * R + r];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int r = 0; r < R; r++)
            acc[r] += t[(l * R + r + g) % (TS * R)] * (float)(r + 1);
        v4 += (float4)(t[l], t[l + 1], t[l + 2], t[l + 3]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int r = 0; r < R; r++)
        out[get_global_id(0) * (R + 4) + r] = acc[r];
    vstore4(v4, 0, out + get_global_id(0) * (R + 4) + R);
}

static int twice(int x)
{
    return 2 * x;
}

static int take(__global int *c)
{
    return atomic_inc(c);
}

/* tickets, memory read before it is overwritten, a shadowing x, the parameter n halved
 * in a barrier loop, `for (s = 0; ...)` around a barrier */
__kernel void sides(__global int *a, __global int *cnt, __global int *out, int n, __local int *t)
{
    int i = get_global_id(0), l = get_local_id(0);
    int ticket = atomic_inc(&cnt[0]);
    int tk2 = take(&cnt[1]);
    int old = a[i];
    int tw = twice(i);
    t[l] = old;
    barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
    int fromt = t[(l + 1) % get_local_size(0)];
    a[i] = -1;
    barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
    t[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int x = fromt;
    for (int k = 0; k < 2; k++) {
        int x = t[l] + k;          /* shadows */
        barrier(CLK_LOCAL_MEM_FENCE);
        t[l] = x + 1;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    while (n > 1) {
        t[l] += n;
        barrier(CLK_LOCAL_MEM_FENCE);
        n /= 2;
    }
    int s;
    for (s = 0; s < 3; s++)
        barrier(CLK_LOCAL_MEM_FENCE);
    out[4 * i] = ticket >= 0 && ticket < (int)get_global_size(0) ? 1 : 0;
    out[4 * i + 1] = tk2 >= 0 && tk2 < (int)get_global_size(0) ? 1 : 0;
    out[4 * i + 2] = old * 1000 + tw + s * 7;
    out[4 * i + 3] = x * 1000 + t[l];
}

/* the float atomic add of GPU codes: atomic_cmpxchg on the bits, through a union */
inline void atomic_add_f(volatile __global float *addr, float val)
{
    union { unsigned int u32; float f32; } next, expected, current;
    current.f32 = *addr;
    do {
        expected.f32 = current.f32;
        next.f32 = expected.f32 + val;
        current.u32 = atomic_cmpxchg((volatile __global unsigned int *)addr, expected.u32,
                                     next.u32);
    } while (current.u32 != expected.u32);
}

__kernel void fsum(__global const float *x, __global float *s, int n)
{
    int i = get_global_id(0);
    if (i < n)
        atomic_add_f(s, x[i]);
}

/* bitonic sort of each group's LS keys in __local memory */
__kernel void bitonic(__global uint *keys)
{
    __local uint t[LS];
    uint l = get_local_id(0);
    size_t base = get_group_id(0) * LS;
    t[l] = keys[base + l];
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    for (uint k = 2; k <= LS; k <<= 1) {
        for (uint j = k >> 1; j > 0; j >>= 1) {
            uint ixj = l ^ j;
            if (ixj > l) {
                uint a = t[l], b = t[ixj];
                bool up = (l & k) == 0;
                if ((a > b) == up) {
                    t[l] = b;
                    t[ixj] = a;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
        }
    }
    keys[base + l] = t[l];
}
/* a pointer into a __local 2-D tile kept across barriers */
__kernel void rowptr(__global float *m)
{
    __local float tile[8][LS + 1];
    int lx = get_local_id(0), ly = get_local_id(1);
    __local float *row = &tile[ly][0];
    int gi = get_global_id(1) * get_global_size(0) + get_global_id(0);
    row[lx] = m[gi];
    barrier(CLK_LOCAL_MEM_FENCE);
    float s = row[(lx + 1) % LS] + tile[(ly + 1) % 8][lx];
    barrier(CLK_LOCAL_MEM_FENCE);
    row[lx] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    m[gi] = row[LS - 1 - lx];
}

/* iterate until a __local flag says done: a while loop whose condition is read from
 * __local memory, with barriers around the flag */
__kernel void until_done(__global int *v)
{
    __local int done;
    __local int t[64];
    int l = get_local_id(0), i = get_global_id(0);
    int x = v[i];
    int rounds = 0;
    do {
        if (l == 0)
            done = 1;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (x > 1) {
            x = (x & 1) ? 3 * x + 1 : x / 2;
            done = 0;
        }
        rounds++;
        barrier(CLK_LOCAL_MEM_FENCE);
    } while (!done);
    t[l] = rounds;
    barrier(CLK_LOCAL_MEM_FENCE);
    v[i] = t[0] * 1000 + x;
}

/* Undefined in OpenCL: the items below k return before a barrier that the others meet.
 * The translation must neither hang nor crash; the returned items write nothing. */
__kernel void early(__global int *v, int k)
{
    __local int t[64];
    int l = get_local_id(0);
    if (l < k)
        return;
    t[l] = l;
    barrier(CLK_LOCAL_MEM_FENCE);
    v[get_global_id(0)] = t[63 - l + k] + 1;
}

/* one declaration of a value kept across the barrier and one that is not (x and l): its
 * translation declared l inside braces of its own, and the C did not compile */
__kernel void mixed_decl(__global int *v)
{
    __local int t[LS];
    int x = v[get_global_id(0)], l = get_local_id(0);
    t[l] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    v[get_global_id(0)] = x + t[(l + 1) % LS];
}
