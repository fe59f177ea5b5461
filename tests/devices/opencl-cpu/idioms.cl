/* idioms.cl - kernels written the way GPU codes write them: macros with arguments,
 * `inline` and `static inline` helpers calling each other and taking __local and
 * __global pointers, `#pragma unroll`, restrict and const __global, a __constant table at
 * program scope, a struct by value, float4/int2 arithmetic with swizzles, vload4/vstore4
 * at offsets, convert_int_sat, as_float, select, mad, clamp, native_exp, doubles under
 * cl_khr_fp64, size_t index arithmetic, and a reduction whose barrier loop runs
 * log2(get_local_size) times with the local size left to the runtime.  Checked by
 * idioms.c against C. */
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_global_int32_base_atomics : enable

#define IDX(r, c, ld) ((r) * (ld) + (c))
#define SQ(x) ((x) * (x))
#define NTAPS 5

__constant float taps[NTAPS] = {0.0625f, 0.25f, 0.375f, 0.25f, 0.0625f};

typedef struct {
    float2 scale;
    int2 clampv;
    int n;
} knobs;

inline float lerp1(float a, float b, float t)
{
    return a + (b - a) * t;
}

static inline int wrap(int i, int n)
{
    return i < 0 ? i + n : i >= n ? i - n : i;
}

/* a helper calling a helper, reading __global memory */
float blur_at(const __global float *row, int i, int n)
{
    float acc = 0.0f;
#pragma unroll
    for (int k = 0; k < NTAPS; k++)
        acc += taps[k] * row[wrap(i + k - NTAPS / 2, n)];
    return acc;
}

/* the helper reads the group's __local values (no barrier in it) */
static inline int local_sum3(__local const int *t, int l, int w)
{
    return t[l] + t[(l + 1) % w] + t[(l + w - 1) % w];
}

__kernel void blur(const __global float *restrict in, __global float *restrict out, int n,
                   int rows)
{
    size_t c = get_global_id(0), r = get_global_id(1);
    if (c >= (size_t)n || r >= (size_t)rows)
        return;
    out[IDX(r, c, n)] = lerp1(blur_at(in + r * n, (int)c, n), in[IDX(r, c, n)], 0.5f);
}

/* float4 and int2 work on 4 floats per item */
__kernel void vec4(__global const float *restrict in, __global float *out, __global int *iout,
                   knobs k)
{
    size_t i = get_global_id(0);
    float4 a = vload4(i, in), b = vload4(i + 1, in + 2);
    float4 s = a.wzyx * (float4)(k.scale, k.scale.yx) + b.s0123;
    float8 e = (float8)(s, a);
    float4 m = mad(e.lo, e.hi, (float4)(0.5f));
    float4 cl = clamp(m, -4.0f, 4.0f);
    int4 sat = convert_int4_sat(m * 1.0e9f);
    int2 p = (int2)(convert_int_sat(s.x * 3.0e9f), convert_int_sat(-s.y * 1000.0f));
    p = clamp(p, -k.clampv, k.clampv) + p.yx * 2;
    float bits = as_float(as_int(cl.x) ^ 0x80000000);
    float4 pick = select(cl, s, isgreater(s, cl));
    vstore4(pick + (float4)(bits), i, out);
    vstore4(cl, 0, out + 4 * get_global_size(0) + 4 * i);
    vstore2(p, i, iout);
    vstore4(sat, 0, iout + 2 * get_global_size(0) + 4 * i);
}

/* native_exp's precision is the implementation's: checked within a tolerance */
__kernel void approx(__global const float *x, __global float *y)
{
    size_t i = get_global_id(0);
    y[i] = native_exp(x[i]) + exp(x[i]);
}

/* doubles: a compensated sum of squares of each row */
__kernel void rows_fp64(__global const double *restrict m, __global double *out, int cols)
{
    size_t r = get_global_id(0);
    double s = 0.0, comp = 0.0;
    for (int c = 0; c < cols; c++) {
        double y = SQ(m[IDX(r, c, (size_t)cols)]) - comp;
        double t = s + y;
        comp = (t - s) - y;
        s = t;
    }
    out[r] = sqrt(s) + (double)convert_float(s);
}

/* the group's sum, by a loop of barriers over log2(local size) halvings; the runtime
 * chooses the local size (a power of two); the group count and size go out too */
__kernel void group_sums(__global const int *x, __global int *sums, __global int *shape,
                         __local int *t)
{
    uint l = get_local_id(0), w = get_local_size(0);
    t[l] = x[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    int around = local_sum3(t, l, w);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = w / 2; s > 0; s >>= 1) {
        if (l < s)
            t[l] += t[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) {
        sums[get_group_id(0)] = t[0];
        if (get_group_id(0) == 0) {
            shape[0] = get_num_groups(0);
            shape[1] = w;
        }
    }
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    atomic_add(&shape[2], around);
}

/* the linear index over however many dimensions the launch has, computed in a helper:
 * get_work_dim() (no arguments: mcc refused it, leaving the kernel untranslated) and work-item
 * functions of a computed dimension */
static size_t linear_id(void)
{
    size_t idx = 0, stride = 1;
    for (uint d = 0; d < get_work_dim(); d++) {
        idx += get_global_id(d) * stride;
        stride *= get_global_size(d);
    }
    return idx;
}

__kernel void flatten(__global int *a)
{
    size_t i = linear_id();
    a[i] = (int)(get_work_dim() * 100000 + i * 10 + get_global_id(3) + get_local_id(1));
}

/* vector constants at program scope: their C initializers did not compile, and the whole
 * file fell back to OpenCL */
__constant float4 bias = (float4)(0.5f, -0.5f, 0.25f, 0.0f);
__constant int2 steps[2] = {(int2)(1, 2), (int2)(3)};

__kernel void tints(__global float4 *out)
{
    int i = get_global_id(0);
    int2 s = steps[i & 1];
    out[i] = bias * (float)s.x + (float4)((float)s.y);
}
