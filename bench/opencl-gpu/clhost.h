/*
 * clhost.h - what the hand-written OpenCL peers share: checked calls that name the
 * failing call, device selection, program build with the log, a wall clock.
 *
 * The device: the first of type BENCH_CL_TYPE (gpu, the default; cpu; all) over all
 * platforms, so the same binary runs on NVIDIA's OpenCL on the GPU machine and on PoCL here.
 */
#ifndef BENCH_CLHOST_H
#define BENCH_CLHOST_H

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CLK(call)                                                                         \
    do {                                                                                  \
        cl_int clk_err = (call);                                                          \
        if (clk_err != CL_SUCCESS) {                                                      \
            fprintf(stderr, "%s:%d: %s failed: OpenCL error %d\n", __FILE__, __LINE__,    \
                    #call, clk_err);                                                      \
            exit(2);                                                                      \
        }                                                                                 \
    } while (0)

/* For calls that return an object and report through their last argument. */
#define CLKE(err, what)                                                                   \
    do {                                                                                  \
        if ((err) != CL_SUCCESS) {                                                        \
            fprintf(stderr, "%s:%d: %s failed: OpenCL error %d\n", __FILE__, __LINE__,    \
                    what, (err));                                                         \
            exit(2);                                                                      \
        }                                                                                 \
    } while (0)

static inline double wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static inline cl_device_type wanted_type(void)
{
    const char *t = getenv("BENCH_CL_TYPE");
    if (!t || !strcmp(t, "gpu"))
        return CL_DEVICE_TYPE_GPU;
    if (!strcmp(t, "cpu"))
        return CL_DEVICE_TYPE_CPU;
    return CL_DEVICE_TYPE_ALL;
}

static inline cl_device_id pick_device(void)
{
    cl_platform_id plats[16];
    cl_uint np = 0;
    CLK(clGetPlatformIDs(16, plats, &np));
    for (cl_uint p = 0; p < np; p++) {
        cl_device_id dev;
        cl_uint nd = 0;
        if (clGetDeviceIDs(plats[p], wanted_type(), 1, &dev, &nd) == CL_SUCCESS && nd > 0) {
            char name[256] = "";
            CLK(clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, NULL));
            fprintf(stderr, "device: %s\n", name);
            return dev;
        }
    }
    fprintf(stderr, "no OpenCL device of type BENCH_CL_TYPE=%s\n",
            getenv("BENCH_CL_TYPE") ? getenv("BENCH_CL_TYPE") : "gpu");
    exit(77);
}

static inline char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(2);
    }
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    rewind(f);
    char *s = malloc(len + 1);
    if (!s || fread(s, 1, len, f) != (size_t)len) {
        fprintf(stderr, "%s: read failed\n", path);
        exit(2);
    }
    s[len] = 0;
    fclose(f);
    return s;
}

/* Build the kernel file for dev; a failed build prints the log. */
static inline cl_kernel build_kernel(cl_context ctx, cl_device_id dev, const char *path,
                                     const char *kernel)
{
    cl_int err;
    const char *src = read_text(path);
    cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
    CLKE(err, "clCreateProgramWithSource");
    if (clBuildProgram(prog, 1, &dev, "", NULL, NULL) != CL_SUCCESS) {
        static char log[65536];
        clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "clBuildProgram of %s failed:\n%s\n", path, log);
        exit(2);
    }
    cl_kernel k = clCreateKernel(prog, kernel, &err);
    CLKE(err, "clCreateKernel");
    return k;
}

#endif
