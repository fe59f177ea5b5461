/* gpu_shapes.h - shared by ocl_gpu_shapes.c and gpu_shapes.cl: the tile size, a struct passed
 * by value, and a helper in each language (mad in OpenCL C). */
#ifndef GPU_SHAPES_H
#define GPU_SHAPES_H
#define TILE 8
typedef struct {
    float scale;
    float bias;
    int n;
    int pad;
} params_t;
#ifdef __OPENCL_VERSION__
inline float apply(params_t p, float x)
{
    return mad(x, p.scale, p.bias);
}
#else
static inline float apply(params_t p, float x)
{
    return x * p.scale + p.bias;
}
#endif
#endif
