/*
 * clhost.h - the few OpenCL host chores every hand-written benchmark host shares: pick a
 * device, build one .cl file, enqueue copies while counting their bytes, time.  Header
 * only (static functions) so each host stays one plain C file linked with -lOpenCL.
 *
 * The device is the first one of the first platform that has one of CL_HOST_TYPE
 * (environment: cpu, gpu, accelerator or all; default all), the one nanort's OpenCL
 * plugin opens first with --opencl-max-devices=1.  Every OpenCL call is checked and a
 * failure stops the program naming the call; no device at all exits with 77 (skipped).
 */
#ifndef CLHOST_H
#define CLHOST_H

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct clhost {
    cl_platform_id platform;
    cl_device_id device;
    cl_context context;
    cl_command_queue queue;     /* in-order: kernels after the writes they read */
    cl_program program;
    char device_name[128];
    unsigned long long bytes_in, bytes_out; /* bytes enqueued host->device, device->host */
};

static void clh_die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("clhost: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

static void clh_check(cl_int err, const char *call)
{
    if (err != CL_SUCCESS)
        clh_die("%s failed with OpenCL error %d", call, (int)err);
}

static double clh_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static cl_device_type clh_device_type(void)
{
    const char *t = getenv("CL_HOST_TYPE");
    if (!t || !strcmp(t, "all"))
        return CL_DEVICE_TYPE_ALL;
    if (!strcmp(t, "cpu"))
        return CL_DEVICE_TYPE_CPU;
    if (!strcmp(t, "gpu"))
        return CL_DEVICE_TYPE_GPU;
    if (!strcmp(t, "accelerator"))
        return CL_DEVICE_TYPE_ACCELERATOR;
    clh_die("CL_HOST_TYPE=%s: use cpu, gpu, accelerator or all", t);
    return 0;
}

static void clh_pick_device(struct clhost *h)
{
    cl_platform_id plats[16];
    cl_uint np = 0;
    cl_int err = clGetPlatformIDs(16, plats, &np);
    if (err == -1001) /* CL_PLATFORM_NOT_FOUND_KHR: the ICD loader found no driver */
        np = 0;
    else
        clh_check(err, "clGetPlatformIDs");
    for (cl_uint i = 0; i < np && i < 16; i++) {
        cl_uint nd = 0;
        err = clGetDeviceIDs(plats[i], clh_device_type(), 1, &h->device, &nd);
        if (err == CL_DEVICE_NOT_FOUND || nd == 0)
            continue;
        clh_check(err, "clGetDeviceIDs");
        h->platform = plats[i];
        clh_check(clGetDeviceInfo(h->device, CL_DEVICE_NAME, sizeof h->device_name,
                                  h->device_name, NULL), "clGetDeviceInfo(CL_DEVICE_NAME)");
        return;
    }
    /* 77: what the test harness counts as skipped (no hardware), not failed. */
    fprintf(stderr, "clhost: no OpenCL device found (%u platforms); install PoCL "
            "(pocl-opencl-icd) or a driver\n", np);
    exit(77);
}

static char *clh_read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        clh_die("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *text = malloc(n + 1);
    if (!text || fread(text, 1, n, f) != (size_t)n)
        clh_die("cannot read %s", path);
    text[n] = 0;
    fclose(f);
    return text;
}

static void clh_build(struct clhost *h, const char *path, const char *opts)
{
    char *text = clh_read_file(path);
    const char *src = text;
    cl_int err;
    h->program = clCreateProgramWithSource(h->context, 1, &src, NULL, &err);
    clh_check(err, "clCreateProgramWithSource");
    err = clBuildProgram(h->program, 1, &h->device, opts, NULL, NULL);
    if (err != CL_SUCCESS) {
        size_t n = 0;
        clGetProgramBuildInfo(h->program, h->device, CL_PROGRAM_BUILD_LOG, 0, NULL, &n);
        char *log = malloc(n + 1);
        if (log && clGetProgramBuildInfo(h->program, h->device, CL_PROGRAM_BUILD_LOG, n, log,
                                         NULL) == CL_SUCCESS)
            fprintf(stderr, "%s", log);
        clh_die("clBuildProgram of %s failed with OpenCL error %d", path, (int)err);
    }
    free(text);
}

/* Device, context, in-order queue, and the program of `path` built. */
static void clh_init(struct clhost *h, const char *path, const char *opts)
{
    cl_int err;
    memset(h, 0, sizeof *h);
    clh_pick_device(h);
    h->context = clCreateContext(NULL, 1, &h->device, NULL, NULL, &err);
    clh_check(err, "clCreateContext");
    h->queue = clCreateCommandQueue(h->context, h->device, 0, &err);
    clh_check(err, "clCreateCommandQueue");
    clh_build(h, path, opts);
}

static cl_kernel clh_kernel(struct clhost *h, const char *name)
{
    cl_int err;
    cl_kernel k = clCreateKernel(h->program, name, &err);
    clh_check(err, "clCreateKernel");
    return k;
}

static cl_mem clh_buffer(struct clhost *h, cl_mem_flags flags, size_t bytes)
{
    cl_int err;
    cl_mem m = clCreateBuffer(h->context, flags, bytes, NULL, &err);
    clh_check(err, "clCreateBuffer");
    return m;
}

/* Non-blocking write: `host` must stay unchanged until the next clh_finish(). */
static void clh_write(struct clhost *h, cl_mem m, size_t off, size_t bytes, const void *host)
{
    clh_check(clEnqueueWriteBuffer(h->queue, m, CL_FALSE, off, bytes, host, 0, NULL, NULL),
              "clEnqueueWriteBuffer");
    h->bytes_in += bytes;
}

static void clh_read(struct clhost *h, cl_mem m, size_t off, size_t bytes, void *host)
{
    clh_check(clEnqueueReadBuffer(h->queue, m, CL_FALSE, off, bytes, host, 0, NULL, NULL),
              "clEnqueueReadBuffer");
    h->bytes_out += bytes;
}

static void clh_arg(cl_kernel k, cl_uint i, size_t size, const void *value)
{
    clh_check(clSetKernelArg(k, i, size, value), "clSetKernelArg");
}

/* Launch over `dims` dimensions; global sizes rounded up to the local ones (as the
 * OmpSs ndrange does; the kernels bound-check).  local NULL: the device chooses. */
static void clh_launch(struct clhost *h, cl_kernel k, cl_uint dims, const size_t *global,
                       const size_t *local)
{
    size_t g[3];
    for (cl_uint d = 0; d < dims; d++)
        g[d] = local ? (global[d] + local[d] - 1) / local[d] * local[d] : global[d];
    clh_check(clEnqueueNDRangeKernel(h->queue, k, dims, NULL, g, local, 0, NULL, NULL),
              "clEnqueueNDRangeKernel");
}

static void clh_finish(struct clhost *h)
{
    clh_check(clFinish(h->queue), "clFinish");
}

/* The line bench/opencl/run.sh parses, in the words nanort's --summary uses. */
static void clh_report(const struct clhost *h)
{
    printf("transfers: host->device %llu bytes, device->host %llu bytes (%s)\n", h->bytes_in,
           h->bytes_out, h->device_name);
}

static void clh_release(struct clhost *h)
{
    clReleaseProgram(h->program);
    clReleaseCommandQueue(h->queue);
    clReleaseContext(h->context);
}

#endif /* CLHOST_H */
