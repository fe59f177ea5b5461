/*
 * opencl.c - the OpenCL device: loading libOpenCL at run time, options, discovery of the
 * platforms and devices, opening a device as a memory space, error messages.
 *
 * No link-time dependency on libOpenCL: the probe dlopen()s it and loads the entry points
 * of openclapi.def, so a program starts on a machine without OpenCL (the probe finds 0
 * devices and says why under --verbose).  The plugin object is linked from libnanort.a
 * because nanort_opencl_source() (program.c, which uses `ocl` from here) is called by
 * every program that has OpenCL code.
 */
#include "opencl.h"

#include <dlfcn.h>
#include <link.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>

struct ocl_api ocl;

/* ---- options ------------------------------------------------------------------------- */

#include "options.def"
/* The set of enum nrt_opencl_device_type given (NRT_CHOICE_BIT of each). */
static int opt_type = NRT_CHOICE_BIT(NRT_OCL_TYPE_AUTO);
static long opt_max_devices;
static bool opt_disable;
static const char *opt_max_memory = "90%";
static const char *opt_build_opts = "";
/* enum nrt_opencl_prebuild.  A program that ends during a build ahead waits for it at
 * exit, before the compiler's own destructors run (runtime.c's __cxa_atexit). */
static int opt_prebuild = NRT_OCL_PREBUILD_AUTO;

/* The rows of options.def (help.c shows the same list in programs without this plugin). */
static const struct nrt_option ocl_options[] = {
#define NRT_PLUGIN_OPTION NRT_PLUGIN_OPTION_ROW
#include "options.def"
#undef NRT_PLUGIN_OPTION
};

const char *ocl_runtime_build_opts(void)
{
    return opt_build_opts ? opt_build_opts : "";
}

/* ---- errors ------------------------------------------------------------------------- */

const char *ocl_error_name(cl_int err)
{
    switch (err) {
#define CL_ERROR(code) case code: return #code;
#include "clerrors.def"
#undef CL_ERROR
    case -1001: return "CL_PLATFORM_NOT_FOUND_KHR";
    default: return "unknown OpenCL error";
    }
}

/* What the user can do about an error, or "". */
static const char *error_hint(cl_int err)
{
    switch (err) {
    case CL_MEM_OBJECT_ALLOCATION_FAILURE:
    case CL_OUT_OF_RESOURCES:
        return "; the device ran out of memory or resources: lower --opencl-max-memory or "
               "use smaller tasks";
    case CL_INVALID_WORK_GROUP_SIZE:
    case CL_INVALID_WORK_ITEM_SIZE:
        return "; check the local sizes of ndrange(...) against the device's limits";
    case CL_INVALID_KERNEL_ARGS:
    case CL_INVALID_ARG_SIZE:
    case CL_INVALID_ARG_INDEX:
        return "; the task's arguments do not match the kernel's parameters";
    default:
        return "";
    }
}

void ocl_fail(const char *call, cl_int err, const struct nrt_space *s, const nanort_ctx *ctx)
{
    const char *dev = s ? s->name : "OpenCL";
    if (ctx && ctx->task)
        nrt_fatal("%s failed: %s (task '%s', implementation '%s', device %s)%s", call,
                  ocl_error_name(err), ctx->task->type->label ? ctx->task->type->label : "?",
                  ctx->impl && ctx->impl->name ? ctx->impl->name : "?", dev, error_hint(err));
    nrt_fatal("%s failed: %s (device %s)%s", call, ocl_error_name(err), dev, error_hint(err));
}

/* ---- loading libOpenCL ---------------------------------------------------------------- */

static void *lib;

/* Why OpenCL is not used, under --verbose. */
static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
    if (!nrt_cfg.verbose)
        return;
    va_list ap;
    va_start(ap, fmt);
    fputs("nanort: OpenCL: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* Is the program linked statically (mcc -static: it has no program interpreter)?  A
 * library dlopen()ed into it runs on a C library that nothing initialised: libOpenCL
 * crashed in clGetPlatformIDs. */
static bool linked_statically(void)
{
    const ElfW(Phdr) *ph = (const ElfW(Phdr) *)getauxval(AT_PHDR);
    unsigned long n = getauxval(AT_PHNUM);
    for (unsigned long i = 0; ph && i < n; i++)
        if (ph[i].p_type == PT_INTERP)
            return false;
    return ph != NULL;
}

/* dlopen libOpenCL and load every entry point; false (and why, under --verbose) when
 * the library or one of the symbols is missing, or the program cannot load it. */
static bool load_library(void)
{
    if (lib)
        return true;
    if (linked_statically()) {
        say("not used: the program is linked statically and cannot load libOpenCL; link it "
            "without -static to run its OpenCL kernels");
        return false;
    }
    const char *why1 = NULL;
    void *h = dlopen("libOpenCL.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        why1 = dlerror();
        h = dlopen("libOpenCL.so", RTLD_NOW | RTLD_LOCAL);
    }
    if (!h) {
        say("not used: cannot load libOpenCL.so.1 (%s); install an OpenCL loader and driver "
            "(Debian: apt-get install ocl-icd-libopencl1 pocl-opencl-icd)", why1);
        return false;
    }
#define OCL_API(fn)                                                                        \
    if (!(*(void **)&ocl.fn = dlsym(h, #fn))) {                                            \
        say("not used: libOpenCL has no %s (an OpenCL 1.2 loader is needed)", #fn);  \
        dlclose(h);                                                                        \
        return false;                                                                      \
    }
#include "openclapi.def"
#undef OCL_API
    lib = h;
    return true;
}

/* ---- discovery ------------------------------------------------------------------------- */

#define MAX_PLATFORMS 16

/* The devices the probe chose, in order (the plugin's device index), and one context per
 * platform, created by the first open of one of its devices.  Probe, open and close run
 * on the starting / stopping thread only (device.c), so no lock. */
static struct {
    cl_platform_id platform;
    cl_device_id id;
} devs[NRT_MAX_SPACES];
static int ndevs;
static struct {
    cl_platform_id platform;
    cl_context context;
    int users;
} plats[MAX_PLATFORMS];

static bool type_given(enum nrt_opencl_device_type t)
{
    return (opt_type & NRT_CHOICE_BIT(t)) != 0;
}

/* The OpenCL device types of --opencl-device-type (a list is their union; all and auto
 * stand for every type). */
static cl_device_type chosen_type(void)
{
    if (type_given(NRT_OCL_TYPE_ALL) || type_given(NRT_OCL_TYPE_AUTO))
        return CL_DEVICE_TYPE_ALL;
    cl_device_type t = 0;
    if (type_given(NRT_OCL_TYPE_CPU))
        t |= CL_DEVICE_TYPE_CPU;
    if (type_given(NRT_OCL_TYPE_GPU))
        t |= CL_DEVICE_TYPE_GPU;
    if (type_given(NRT_OCL_TYPE_ACCELERATOR))
        t |= CL_DEVICE_TYPE_ACCELERATOR;
    return t;
}

/* auto: CPU devices are left out beside a GPU or an accelerator, unless cpu or all is
 * given too (auto,cpu is every device). */
static bool auto_types(void)
{
    return type_given(NRT_OCL_TYPE_AUTO) && !type_given(NRT_OCL_TYPE_CPU) &&
           !type_given(NRT_OCL_TYPE_ALL);
}

/* Append platform p's devices of the chosen type (up to the limits). */
static void add_platform_devices(cl_platform_id p)
{
    cl_device_id ids[NRT_MAX_SPACES];
    cl_uint n = 0;
    cl_int err = ocl.clGetDeviceIDs(p, chosen_type(), NRT_MAX_SPACES, ids, &n);
    if (err == CL_DEVICE_NOT_FOUND)
        return;
    if (err != CL_SUCCESS) {
        say("a platform is skipped: clGetDeviceIDs failed: %s", ocl_error_name(err));
        return;
    }
    /* (auto: the limit counts the devices kept, after drop_cpu_devices) */
    long max = opt_max_devices > 0 && !auto_types() ? opt_max_devices : NRT_MAX_SPACES;
    for (cl_uint i = 0; i < n && i < NRT_MAX_SPACES && ndevs < max && ndevs < NRT_MAX_SPACES;
         i++) {
        devs[ndevs].platform = p;
        devs[ndevs++].id = ids[i];
    }
}

/* --opencl-device-type=auto: beside a GPU or an accelerator, a CPU device (PoCL's) is not
 * used.  Its threads run on the cores the smp workers have, and each of its tasks is one
 * more in a single in-order queue: on the GPU host, matmul_dev 2048/256 (smp + OpenCL +
 * CUDA) ran 13 tiles there at 5.9 ms each, one after the other, against 45 us on the GPU,
 * and took 0.14-0.16 s against 0.066-0.070 s without it. */
static void drop_cpu_devices(void)
{
    bool other = false;
    cl_device_type type[NRT_MAX_SPACES];
    for (int i = 0; i < ndevs; i++) {
        if (ocl.clGetDeviceInfo(devs[i].id, CL_DEVICE_TYPE, sizeof type[i], &type[i], NULL) !=
            CL_SUCCESS)
            type[i] = CL_DEVICE_TYPE_DEFAULT;
        other |= !(type[i] & CL_DEVICE_TYPE_CPU);
    }
    if (!other)
        return;
    int kept = 0;
    for (int i = 0; i < ndevs; i++) {
        if (type[i] & CL_DEVICE_TYPE_CPU) {
            char name[128] = "";
            ocl.clGetDeviceInfo(devs[i].id, CL_DEVICE_NAME, sizeof name - 1, name, NULL);
            say("CPU device '%s' not used beside a GPU or accelerator: the smp workers run on "
                "its cores (--opencl-device-type=all uses it)", name);
            continue;
        }
        devs[kept++] = devs[i];
    }
    ndevs = kept;
}

/* Why probe() found no device when the program's options are the cause (said instead of
 * the install hint); empty otherwise.  Written only by probe(), before the workers start. */
static char options_cause[160];

static int ocl_probe(void)
{
    ndevs = 0;
    options_cause[0] = '\0';
    if (opt_disable) {
        say("not used: --disable-opencl");
        snprintf(options_cause, sizeof options_cause,
                 "--disable-opencl (or mcc --no-opencl) turns OpenCL off: drop it to run them");
        return 0;
    }
    /* Initialising an OpenCL implementation takes about 0.1 s (PoCL): not for programs
     * that have no kernel.  The runtime starts at its first use, in or after main, when
     * the sources' constructors (mcc) have run. */
    if (!ocl_have_sources()) {
        say("not used: the program registered no OpenCL source (nanort_opencl_source)");
        return 0;
    }
    if (!load_library())
        return 0;
    cl_platform_id ps[MAX_PLATFORMS];
    cl_uint np = 0;
    cl_int err = ocl.clGetPlatformIDs(MAX_PLATFORMS, ps, &np);
    if (err != CL_SUCCESS || np == 0) {
        say("not used: no OpenCL platform (%s); install a driver, e.g. Debian's "
            "pocl-opencl-icd", err ? ocl_error_name(err) : "none found");
        return 0;
    }
    for (cl_uint i = 0; i < np && i < MAX_PLATFORMS; i++)
        add_platform_devices(ps[i]);
    if (auto_types()) {
        drop_cpu_devices();
        if (opt_max_devices > 0 && ndevs > opt_max_devices)
            ndevs = (int)opt_max_devices;
    }
    if (ndevs == 0) {
        char types[64];
        nrt_config_value_text("opencl-device-type", types, sizeof types);
        say("not used: no OpenCL device of type '%s' (--opencl-device-type)", types);
        if (!auto_types())
            snprintf(options_cause, sizeof options_cause,
                     "no OpenCL device is of type '%s': run with --opencl-device-type=all to "
                     "use the others", types);
    }
    return ndevs;
}

/* ---- opening a device ------------------------------------------------------------------ */

/* The context of platform p, holding every chosen device of p (created at first use). */
static cl_context platform_context(cl_platform_id p, const struct nrt_space *s)
{
    int k = -1;
    for (int i = 0; i < MAX_PLATFORMS && (k < 0 || plats[k].platform != p); i++)
        if (plats[i].platform == p || (k < 0 && !plats[i].platform))
            k = i;                  /* p's slot, else the first free one */
    if (k < 0)
        return NULL;
    if (plats[k].platform == p) {
        OCL_CHECK(s, NULL, clRetainContext, plats[k].context);
        plats[k].users++;
        return plats[k].context;
    }
    cl_device_id ids[NRT_MAX_SPACES];
    cl_uint n = 0;
    for (int i = 0; i < ndevs; i++)
        if (devs[i].platform == p)
            ids[n++] = devs[i].id;
    cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)p, 0};
    cl_int err;
    cl_context c = ocl.clCreateContext(props, n, ids, NULL, NULL, &err);
    if (err != CL_SUCCESS) {
        say("device not used: clCreateContext failed: %s", ocl_error_name(err));
        return NULL;
    }
    plats[k].platform = p;
    plats[k].context = c;
    plats[k].users = 1;
    return c;
}

static void context_release(cl_context c, const struct nrt_space *s)
{
    for (int k = 0; k < MAX_PLATFORMS; k++)
        if (plats[k].context == c && --plats[k].users == 0) {
            plats[k].context = NULL;
            plats[k].platform = NULL;
        }
    OCL_CHECK(s, NULL, clReleaseContext, c);
}

static cl_command_queue new_queue(struct ocl_device *d)
{
    cl_int err;
    cl_command_queue_properties props = nrt_devtime_kernels ? CL_QUEUE_PROFILING_ENABLE : 0;
    cl_command_queue q = ocl.clCreateCommandQueue(d->context, d->id, props, &err);
    if (err != CL_SUCCESS)
        ocl_fail("clCreateCommandQueue", err, d->space, NULL);
    return q;
}

static void device_info(struct ocl_device *d, cl_device_info what, size_t size, void *out)
{
    OCL_CHECK(d->space, NULL, clGetDeviceInfo, d->id, what, size, out, NULL);
}

/* Which physical device d is (cl_khr_device_uuid, cl_khr_pci_bus_info, NVIDIA's
 * cl_nv_device_attribute_query), so that a GPU also opened through CUDA is known as one:
 * the queries a device does not know fail, and then nothing is said. */
enum {
    OCL_DEVICE_UUID = 0x106A,           /* CL_DEVICE_UUID_KHR (cl_khr_device_uuid) */
    OCL_DEVICE_PCI_BUS_INFO = 0x410F,   /* CL_DEVICE_PCI_BUS_INFO_KHR */
    OCL_PCI_BUS_ID_NV = 0x4008,         /* cl_nv_device_attribute_query */
    OCL_PCI_SLOT_ID_NV = 0x4009,
    OCL_PCI_DOMAIN_ID_NV = 0x400A,
};
struct ocl_pci_bus_info {               /* cl_device_pci_bus_info_khr */
    cl_uint pci_domain, pci_bus, pci_device, pci_function;
};

static void physical_device(struct ocl_device *d, struct nrt_space *s)
{
    s->has_uuid = ocl.clGetDeviceInfo(d->id, OCL_DEVICE_UUID, sizeof s->uuid, s->uuid,
                                      NULL) == CL_SUCCESS;
    struct ocl_pci_bus_info b;
    cl_uint nv_bus, nv_slot, nv_domain;
    if (ocl.clGetDeviceInfo(d->id, OCL_DEVICE_PCI_BUS_INFO, sizeof b, &b, NULL) ==
        CL_SUCCESS)
        snprintf(s->pci, sizeof s->pci, "%04x:%02x:%02x.%x", b.pci_domain & 0xffff,
                 b.pci_bus & 0xff, b.pci_device & 0xff, b.pci_function & 0xf);
    else if (ocl.clGetDeviceInfo(d->id, OCL_PCI_BUS_ID_NV, sizeof nv_bus,
                                 &nv_bus, NULL) == CL_SUCCESS &&
             ocl.clGetDeviceInfo(d->id, OCL_PCI_SLOT_ID_NV,
                                 sizeof nv_slot, &nv_slot, NULL) == CL_SUCCESS) {
        if (ocl.clGetDeviceInfo(d->id, OCL_PCI_DOMAIN_ID_NV,
                                sizeof nv_domain, &nv_domain, NULL) != CL_SUCCESS)
            nv_domain = 0;
        /* (the slot is the device number, as CUDA's pciDeviceID; function 0, as the
         * CUDA plugin writes it) */
        snprintf(s->pci, sizeof s->pci, "%04x:%02x:%02x.0", nv_domain & 0xffff,
                 nv_bus & 0xff, nv_slot & 0xff);
    }
}

/* Name, memory and alignment of d; the cache limit of its space. */
static void describe(struct ocl_device *d, int index, struct nrt_space *s)
{
    cl_ulong global = 0;
    cl_uint align_bits = 0;
    char name[256] = "";
    device_info(d, CL_DEVICE_NAME, sizeof name - 1, name);
    cl_device_type type = 0;
    device_info(d, CL_DEVICE_TYPE, sizeof type, &type);
    d->cpu = (type & CL_DEVICE_TYPE_CPU) != 0;
    snprintf(d->dev_name, sizeof d->dev_name, "%.47s", name);
    device_info(d, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof global, &global);
    device_info(d, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof d->max_alloc, &d->max_alloc);
    device_info(d, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof align_bits, &align_bits);
    d->align = align_bits >= 8 ? align_bits / 8 : 1;
    /* The launch limits (launch.c checks ndrange against them). */
    cl_uint item_dims = 0;
    size_t items[16] = {0};
    device_info(d, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof d->max_wg, &d->max_wg);
    device_info(d, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, sizeof item_dims, &item_dims);
    if (item_dims > 16)
        item_dims = 16;
    device_info(d, CL_DEVICE_MAX_WORK_ITEM_SIZES, item_dims * sizeof items[0], items);
    for (unsigned i = 0; i < 3; i++)
        d->max_items[i] = i < item_dims ? items[i] : 1;
    snprintf(s->name, sizeof s->name, "opencl%d (%.40s)", index, d->dev_name);
    physical_device(d, s);
    s->mem_limit = nrt_parse_size("opencl-max-memory", opt_max_memory, (size_t)global);
    s->mem_option = "--opencl-max-memory";
    s->exact_base = true;
    if (d->max_alloc > 0 && d->max_alloc < SIZE_MAX)
        s->max_alloc = (size_t)d->max_alloc;
    if (nrt_cfg.verbose)
        fprintf(stderr, "nanort: OpenCL: %s: %llu MiB global memory, largest buffer %llu "
                        "MiB, sub-buffer alignment %zu bytes\n", s->name,
                (unsigned long long)(global >> 20), (unsigned long long)(d->max_alloc >> 20),
                d->align);
}

/*
 * The device timeline's clock: host ns = device ns + clock_off.  A marker runs between
 * two reads of the host clock, one before its enqueue and one after clFinish; its end is
 * put at their midpoint, and the narrowest of a few tries wins (the error is at most
 * half of it, the same for every span of the device: the spans' order and overlaps are
 * exact).
 */
static void clock_calibrate(struct ocl_device *d)
{
    uint64_t best = UINT64_MAX;
    for (int i = 0; i < 5; i++) {
        cl_event e;
        uint64_t h0 = nrt_now_ns();
        OCL_CHECK(d->space, NULL, clEnqueueMarkerWithWaitList, d->kq, 0, NULL, &e);
        OCL_CHECK(d->space, NULL, clFinish, d->kq);
        uint64_t h1 = nrt_now_ns();
        cl_ulong t = 0;
        cl_int err = ocl.clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, sizeof t, &t,
                                                 NULL);
        ocl_event_release(d->space, e);
        if (err != CL_SUCCESS) {
            say("%s: no profiling times (clGetEventProfilingInfo: %s): its copies and "
                "kernels are timed on the host", d->space->name, ocl_error_name(err));
            return;
        }
        if (h1 - h0 < best) {
            best = h1 - h0;
            d->clock_off = (int64_t)(h0 + (h1 - h0) / 2) - (int64_t)t;
        }
    }
    d->timing = true;
    if (nrt_cfg.verbose)
        fprintf(stderr, "nanort: OpenCL: %s: device clock read within %.1f us\n",
                d->space->name, best * 1e-3 / 2);
}

static bool ocl_open(int index, struct nrt_space *s)
{
    if (index < 0 || index >= ndevs)
        return false;
    struct ocl_device *d = nrt_xcalloc(1, sizeof *d);
    d->space = s;
    d->platform = devs[index].platform;
    d->id = devs[index].id;
    s->priv = d;
    snprintf(s->name, sizeof s->name, "opencl%d", index);
    d->context = platform_context(d->platform, s);
    if (!d->context) {
        free(d);
        s->priv = NULL;
        return false;
    }
    describe(d, index, s);
    d->kq = new_queue(d);
    d->h2d = new_queue(d);
    d->d2h = new_queue(d);
    nrt_lock_init_plain(&d->timed_lock);
    if (nrt_devtime_kernels)
        clock_calibrate(d);
    return true;
}

static void ocl_close(struct nrt_space *s)
{
    struct ocl_device *d = ocl_dev(s);
    if (!d)
        return;
    cl_command_queue qs[3] = {d->kq, d->h2d, d->d2h};
    for (int i = 0; i < 3; i++) {
        OCL_CHECK(s, NULL, clFinish, qs[i]);
        OCL_CHECK(s, NULL, clReleaseCommandQueue, qs[i]);
    }
    ocl_timed_fini(d);
    nrt_lock_destroy(&d->timed_lock);
    ocl_programs_release(d);
    context_release(d->context, s);
    free(d);
    s->priv = NULL;
}

/* ---- registration ----------------------------------------------------------------------- */

static const char *ocl_no_device_cause(void)
{
    if (options_cause[0])
        return options_cause;
    return opt_disable || ocl_have_sources() ? NULL
           : "the program registered no OpenCL source: give the kernels' .cl file to mcc "
             "with the other inputs (or its object, made with mcc -c), or name it with "
             "file(...)";
}

/* auto leaves out a GPU that CUDA drives too: there the OpenCL versions' first runs,
 * build included, kept versioning on the CUDA view of the device, where built ahead they
 * measured fast and tiles went to both views, copied between them through the host
 * (matmul_dev 2048/256 with smp, OpenCL and CUDA versions on the H100: 1.26 times CUDA
 * alone, 1.96 built ahead). */
bool ocl_idle(struct nrt_space *s)
{
    struct ocl_device *d = ocl_dev(s);
    bool on = opt_prebuild == NRT_OCL_PREBUILD_YES ||
              (opt_prebuild == NRT_OCL_PREBUILD_AUTO && !d->cpu && !nrt_space_shares_device(s));
    return on && ocl_program_ahead(d);
}

static const struct nrt_device_ops ocl_device_ops = {
    .name = "opencl",
    .kind = NANORT_DEVICE_OPENCL,
    .mem_option = "--opencl-max-memory",
    .install_hint = "on Debian install pocl-opencl-icd",
    .no_device_cause = ocl_no_device_cause,
    .probe = ocl_probe,
    .run = NULL,
    .open = ocl_open,
    .close = ocl_close,
    .mem = &ocl_mem_ops,
    .compute = &ocl_compute_ops,
};

/* Before the core's constructor parses the options (nrt.h: priority below 200). */
__attribute__((constructor(160))) static void ocl_register(void)
{
    nrt_config_add(ocl_options, sizeof ocl_options / sizeof ocl_options[0]);
    nrt_device_register(&ocl_device_ops);
}
