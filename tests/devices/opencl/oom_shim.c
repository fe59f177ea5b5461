/*
 * oom_shim.c - a stand-in libOpenCL.so.1 for the out-of-memory test: found first through
 * LD_LIBRARY_PATH, it forwards every call to the real library (OOM_SHIM_REAL, a path)
 * except that device memory is limited to OOM_SHIM_LIMIT bytes, as a GPU's is (PoCL
 * never refuses an allocation).  OOM_SHIM_AT=create makes clCreateBuffer fail with
 * CL_MEM_OBJECT_ALLOCATION_FAILURE; OOM_SHIM_AT=use lets it succeed and fails the first
 * use instead (the plugin's commit by clEnqueueMigrateMemObjects), as lazy allocators
 * (NVIDIA's) do.  The forwarding trampolines are x86-64 assembly: elsewhere the test is
 * skipped.
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
/* Every entry point the runtime loads, forwarded unless defined below. */
#define FORWARD(fn)                                                                        \
    __attribute__((visibility("hidden"))) void *real_##fn;                                 \
    __asm__(".globl " #fn "\n.type " #fn ", @function\n" #fn ":\n"                         \
            "    jmp *real_" #fn "(%rip)\n");
#define OCL_API(fn) FORWARD_##fn
#define OWN(fn) static __typeof__(fn) *real_##fn;
/* the ones the shim implements */
#define FORWARD_clCreateBuffer OWN(clCreateBuffer)
#define FORWARD_clEnqueueMigrateMemObjects OWN(clEnqueueMigrateMemObjects)
#define FORWARD_clReleaseMemObject OWN(clReleaseMemObject)
#define FORWARD_clGetPlatformIDs FORWARD(clGetPlatformIDs)
#define FORWARD_clGetPlatformInfo FORWARD(clGetPlatformInfo)
#define FORWARD_clGetDeviceIDs FORWARD(clGetDeviceIDs)
#define FORWARD_clGetDeviceInfo FORWARD(clGetDeviceInfo)
#define FORWARD_clCreateContext FORWARD(clCreateContext)
#define FORWARD_clRetainContext FORWARD(clRetainContext)
#define FORWARD_clReleaseContext FORWARD(clReleaseContext)
#define FORWARD_clCreateCommandQueue FORWARD(clCreateCommandQueue)
#define FORWARD_clReleaseCommandQueue FORWARD(clReleaseCommandQueue)
#define FORWARD_clFlush FORWARD(clFlush)
#define FORWARD_clFinish FORWARD(clFinish)
#define FORWARD_clCreateSubBuffer FORWARD(clCreateSubBuffer)
#define FORWARD_clEnqueueReadBuffer FORWARD(clEnqueueReadBuffer)
#define FORWARD_clEnqueueWriteBuffer FORWARD(clEnqueueWriteBuffer)
#define FORWARD_clEnqueueReadBufferRect FORWARD(clEnqueueReadBufferRect)
#define FORWARD_clEnqueueWriteBufferRect FORWARD(clEnqueueWriteBufferRect)
#define FORWARD_clEnqueueCopyBuffer FORWARD(clEnqueueCopyBuffer)
#define FORWARD_clEnqueueCopyBufferRect FORWARD(clEnqueueCopyBufferRect)
#define FORWARD_clEnqueueBarrierWithWaitList FORWARD(clEnqueueBarrierWithWaitList)
#define FORWARD_clEnqueueMarkerWithWaitList FORWARD(clEnqueueMarkerWithWaitList)
#define FORWARD_clWaitForEvents FORWARD(clWaitForEvents)
#define FORWARD_clGetEventInfo FORWARD(clGetEventInfo)
#define FORWARD_clGetEventProfilingInfo FORWARD(clGetEventProfilingInfo)
#define FORWARD_clReleaseEvent FORWARD(clReleaseEvent)
#define FORWARD_clCreateProgramWithSource FORWARD(clCreateProgramWithSource)
#define FORWARD_clBuildProgram FORWARD(clBuildProgram)
#define FORWARD_clGetProgramBuildInfo FORWARD(clGetProgramBuildInfo)
#define FORWARD_clReleaseProgram FORWARD(clReleaseProgram)
#define FORWARD_clCreateKernel FORWARD(clCreateKernel)
#define FORWARD_clReleaseKernel FORWARD(clReleaseKernel)
#define FORWARD_clGetKernelWorkGroupInfo FORWARD(clGetKernelWorkGroupInfo)
#define FORWARD_clSetKernelArg FORWARD(clSetKernelArg)
#define FORWARD_clEnqueueNDRangeKernel FORWARD(clEnqueueNDRangeKernel)
#include "../../../devices/opencl/openclapi.def"
#undef OCL_API

/* Buffers and their sizes; `committed`: bytes of buffers that got their memory. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct { cl_mem m; size_t size; int committed; } bufs[4096];
static size_t committed, limit;
static int fail_at_create;

__attribute__((constructor)) static void shim_init(void)
{
    const char *real = getenv("OOM_SHIM_REAL"), *lim = getenv("OOM_SHIM_LIMIT");
    const char *at = getenv("OOM_SHIM_AT");
    void *h = real ? dlopen(real, RTLD_NOW | RTLD_LOCAL) : NULL;
    if (!h) {
        fprintf(stderr, "oom_shim: cannot load OOM_SHIM_REAL=%s\n", real ? real : "(unset)");
        return;                     /* the runtime then finds no symbols: 0 devices */
    }
    limit = lim ? strtoull(lim, NULL, 10) : (size_t)-1;
    fail_at_create = at && !strcmp(at, "create");
#define OCL_API(fn) *(void **)&real_##fn = dlsym(h, #fn);
#include "../../../devices/opencl/openclapi.def"
#undef OCL_API
}

/* Reserve `size` bytes of the fake device memory; false when they are not there. */
static int reserve(size_t size)
{
    if (committed + size > limit)
        return 0;
    committed += size;
    return 1;
}

cl_mem clCreateBuffer(cl_context c, cl_mem_flags f, size_t size, void *host, cl_int *err)
{
    pthread_mutex_lock(&lock);
    if (fail_at_create && !reserve(size)) {
        pthread_mutex_unlock(&lock);
        *err = CL_MEM_OBJECT_ALLOCATION_FAILURE;
        return NULL;
    }
    cl_mem m = real_clCreateBuffer(c, f, size, host, err);
    for (int i = 0; m && i < 4096; i++)
        if (!bufs[i].m) {
            bufs[i].m = m;
            bufs[i].size = size;
            bufs[i].committed = fail_at_create;
            break;
        }
    pthread_mutex_unlock(&lock);
    return m;
}

cl_int clEnqueueMigrateMemObjects(cl_command_queue q, cl_uint n, const cl_mem *ms,
                                  cl_mem_migration_flags f, cl_uint nw, const cl_event *w,
                                  cl_event *e)
{
    pthread_mutex_lock(&lock);
    for (cl_uint k = 0; k < n; k++)
        for (int i = 0; i < 4096; i++)
            if (bufs[i].m == ms[k] && !bufs[i].committed) {
                if (!reserve(bufs[i].size)) {
                    pthread_mutex_unlock(&lock);
                    return CL_MEM_OBJECT_ALLOCATION_FAILURE;
                }
                bufs[i].committed = 1;
            }
    pthread_mutex_unlock(&lock);
    return real_clEnqueueMigrateMemObjects(q, n, ms, f, nw, w, e);
}

cl_int clReleaseMemObject(cl_mem m)
{
    pthread_mutex_lock(&lock);
    for (int i = 0; i < 4096; i++)
        if (bufs[i].m == m) {
            if (bufs[i].committed)
                committed -= bufs[i].size;
            bufs[i].m = NULL;
            break;
        }
    pthread_mutex_unlock(&lock);
    return real_clReleaseMemObject(m);
}
#endif
