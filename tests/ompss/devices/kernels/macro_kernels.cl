/* Kernels whose names a macro pastes together, as codes that make one kernel per type or
 * per variant do (ocl_macro_kernels.c): neither name is written whole in the text. */
#define KNAME(base, suffix) base##_##suffix
#define SCALE_KERNEL(T, suffix)                                                            \
    __kernel void KNAME(scale, suffix)(__global const T *src, __global T *dst, int count,   \
                                       T f)                                                 \
    {                                                                                       \
        int i = get_global_id(0);                                                           \
        if (i < count)                                                                      \
            dst[i] = src[i] * f;                                                            \
    }
SCALE_KERNEL(float, f32)
SCALE_KERNEL(int, i32)
