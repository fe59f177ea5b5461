/*
 * cl_probe.c - exit 0 when an OpenCL device can be used here, 77 (skipped) when not:
 * the OpenCL runs of tests/samples/ocl need one.  It loads libOpenCL at run time, as
 * the runtime does, so it builds without the OpenCL SDK.
 */
#include <dlfcn.h>
#include <stdio.h>

typedef int get_platforms_fn(unsigned, void **, unsigned *);
typedef int get_devices_fn(void *, unsigned long, unsigned, void **, unsigned *);
#define DEVICE_TYPE_ALL 0xFFFFFFFFul

int main(void)
{
    void *lib = dlopen("libOpenCL.so.1", RTLD_NOW);
    if (!lib) {
        printf("skipped: no libOpenCL.so.1 (%s)\n", dlerror());
        return 77;
    }
    get_platforms_fn *get_platforms = (get_platforms_fn *)dlsym(lib, "clGetPlatformIDs");
    get_devices_fn *get_devices = (get_devices_fn *)dlsym(lib, "clGetDeviceIDs");
    void *plats[16];
    unsigned np = 0, total = 0;
    if (!get_platforms || !get_devices || get_platforms(16, plats, &np) != 0)
        np = 0;
    for (unsigned i = 0; i < np && i < 16; i++) {
        unsigned nd = 0;
        if (get_devices(plats[i], DEVICE_TYPE_ALL, 0, NULL, &nd) == 0)
            total += nd;
    }
    printf("%u OpenCL platforms, %u devices\n", np, total);
    if (total == 0) {
        printf("skipped: no OpenCL device (on Debian: apt-get install pocl-opencl-icd)\n");
        return 77;
    }
    return 0;
}
