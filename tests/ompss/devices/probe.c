/* probe opencl|cuda: exit 0 when this machine has such a device, 77 (the harness's
 * "skipped") when it does not, with a line saying why.  The libraries are loaded at run
 * time so that the probe itself builds and runs anywhere. */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

typedef int (*cl_platforms_fn)(unsigned, void **, unsigned *);
typedef int (*cl_devices_fn)(void *, unsigned long, unsigned, void **, unsigned *);
typedef int (*cu_init_fn)(unsigned);
typedef int (*cu_count_fn)(int *);

static int opencl_devices(void)
{
    void *lib = dlopen("libOpenCL.so.1", RTLD_NOW);
    if (!lib) {
        puts("no libOpenCL.so.1");
        return 0;
    }
    cl_platforms_fn platforms = (cl_platforms_fn)dlsym(lib, "clGetPlatformIDs");
    cl_devices_fn devices = (cl_devices_fn)dlsym(lib, "clGetDeviceIDs");
    void *ids[16];
    unsigned np = 0, total = 0;
    if (!platforms || !devices || platforms(16, ids, &np) != 0)
        np = 0;
    for (unsigned i = 0; i < np && i < 16; i++) {
        unsigned nd = 0;
        if (devices(ids[i], 0xFFFFFFFFul /* CL_DEVICE_TYPE_ALL */, 0, NULL, &nd) == 0)
            total += nd;
    }
    if (!total)
        puts("no OpenCL device (clGetPlatformIDs/clGetDeviceIDs found none)");
    return (int)total;
}

static int cuda_devices(void)
{
    void *lib = dlopen("libcuda.so.1", RTLD_NOW);
    if (!lib) {
        puts("no GPU: no libcuda.so.1 (NVIDIA driver)");
        return 0;
    }
    cu_init_fn init = (cu_init_fn)dlsym(lib, "cuInit");
    cu_count_fn count = (cu_count_fn)dlsym(lib, "cuDeviceGetCount");
    int n = 0;
    if (!init || !count || init(0) != 0 || count(&n) != 0)
        n = 0;
    if (!n)
        puts("no GPU: cuInit/cuDeviceGetCount found none");
    return n;
}

int main(int argc, char **argv)
{
    if (argc != 2 || (strcmp(argv[1], "opencl") && strcmp(argv[1], "cuda"))) {
        fputs("usage: probe opencl|cuda\n", stderr);
        return 2;
    }
    int n = strcmp(argv[1], "opencl") == 0 ? opencl_devices() : cuda_devices();
    if (n)
        printf("%d %s device(s)\n", n, argv[1]);
    return n ? 0 : 77;
}
