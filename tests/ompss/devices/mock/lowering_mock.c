/* The lowering of device tasks, checked exactly against a mock runtime (mock_runtime.c)
 * that runs the chosen device implementation at once and records its kernel launch:
 * ndrange global/local sizes (from parameters and __constant globals, local sizes absent
 * -> 0), shmem, one kernel argument per parameter (copied pointers -> BUFFER with the
 * host pointer, other pointers -> LOCAL of shmem bytes, scalars -> VALUE of the
 * parameter's own type), the OpenCL kernel name (name(...) or the function's) and file,
 * implements binding the kernel's parameters by position (or by name, or calls(...)) from
 * fn's arguments, noCheckDim, device(undefined), COPY bits
 * of the regions and NANORT_REGION_JOIN on a multidependence's (copy_deps, no_copy_deps + copy_in/copy_out, copies that only an
 * implementation asks for added by fn's spawn), a CUDA task without
 * ndrange getting device pointers, the embedded OpenCL sources with the build
 * options, and the host copies made current before the sizes are evaluated
 * (nanort_launch_reads) of the task data that ndrange and shmem read, and of no other. */
#include <string.h>
#include "mock_runtime.h"
#include "ompss_check.h"

__constant int BS = 8;

#pragma omp target device(opencl) ndrange(2, n, rows, BS, 4) shmem(BS * sizeof(float)) \
    file(k.cl) name(tile_kernel) copy_deps
#pragma omp task in([n * rows]in) out([n * rows]out)
__kernel void tile(__global const float *in, __global float *out, __local float *scratch,
                   int n, int rows, float k);

#pragma omp task inout([n]x)
void scale(double *x, int n);
void scale(double *x, int n)
{
    for (int i = 0; i < n; i++)
        x[i] *= 2;
}

#pragma omp target device(opencl) ndrange(1, len) implements(scale)
__kernel void scale_ocl(__global double *data, long len);

#pragma omp target device(opencl) ndrange(1, n, 16) file(k.cl) no_copy_deps copy_in([n]a) \
    copy_out([n]b)
#pragma omp task in([n]a) out([n]b)
__kernel void copies(__global const short *a, __global short *b, char c, int n);

/* copies asked for by the implementation only: fn's spawn adds them */
#pragma omp target device(smp) no_copy_deps
#pragma omp task in([n]v) out([n]w)
void pairs(const int *v, int *w, int n);
void pairs(const int *v, int *w, int n)
{
    for (int i = 0; i < n; i++)
        w[i] = v[i];
}

#pragma omp target device(opencl) ndrange(1, n, 4) implements(pairs) copy_in([n]v) \
    copy_out([n]w)
__kernel void pairs_ocl(__global const int *v, __global int *w, int n);

/* the seed's clauses: a task without a definition of its own whose kernel gets other
 * arguments (calls) over a range used as given (noCheckDim), one of them a pointer into
 * a copied region that an expression names ([n + 2](in - 1): in - 1 is inside it) */
#pragma omp target device(undefined) copy_deps
#pragma omp task in([n + 2](in - 1)) out([n]out)
void halo(const float *in, float *out, int n, float a);

#pragma omp target device(opencl) implements(halo) ndrange(1, n, 8, noCheckDim) \
    calls(n, 2 * a, out, in - 1)
__kernel void halo_ocl(int count, float factor, __global float *dst, __global const float *src);

/* an implementation taking some of the task's parameters, matched by name */
#pragma omp task inout([rows * cols]m)
void addv(int rows, int cols, int *m, int v);
void addv(int rows, int cols, int *m, int v)
{
    for (int i = 0; i < rows * cols; i++)
        m[i] += v;
}

#pragma omp target device(opencl) implements(addv) ndrange(2, cols, rows, 4, 2) copy_deps
__kernel void addv_ocl(__global int *m, int v);

/* calls on a kernel task of its own: the arguments computed from its parameters */
#pragma omp target device(opencl) ndrange(1, n, 4) calls(v, n - 1, n) copy_deps
#pragma omp task inout([n]v)
__kernel void tail_ocl(__global int *v, int last, int n);

/* ndrange and shmem read a count the task depends on: its region, and only it, is read
 * back before the sizes are evaluated (a device task may have written it) */
#pragma omp target device(opencl) ndrange(1, *count, 4) shmem(count[0] * 4) file(k.cl) \
    copy_deps
#pragma omp task in([1]count) inout([64]v)
__kernel void counted(__global int *v, __global const int *count);

/* ... through the implemented task's parameter bound by name, from its own dependence */
#pragma omp task in(*count) inout([64]v)
void counted_host(int *v, const int *count);
void counted_host(int *v, const int *count)
{
    for (int i = 0; i < *count; i++)
        v[i] = *count;
}

#pragma omp target device(opencl) ndrange(1, *count) file(k.cl) name(counted) copy_deps \
    implements(counted_host)
__kernel void counted_impl(__global int *v, __global const int *count);

#pragma omp target device(opencl) ndrange(1, n, 4) file(k.cl) copy_deps
#pragma omp task in({v[i * 4; 4], i = 0:n / 4 - 1}) out({[4](w + i * 4), i = 0;n / 4})
__kernel void blocks_k(__global const float *v, __global float *w, int n);

static const void *seen_x;
static int seen_n;

#pragma omp target device(cuda) copy_deps
#pragma omp task inout([n]x)
void by_hand(float *x, int n);
void by_hand(float *x, int n)
{
    seen_x = x;
    seen_n = n;
}

static float in[64 * 3], out[64 * 3], fx[10];
static double dx[20];
static short sa[32], sb[32];

static void check_tile(void)
{
    tile(in, out, 0, 64, 3, 2.5f);
    const struct mock_launch *m = mock_last();
    CHECK(m && mock_nlaunches == 1, "%d launches", mock_nlaunches);
    CHECK(m->l.ndims == 2 && m->l.global[0] == 64 && m->l.global[1] == 3, "global %zu x %zu",
          m->l.global[0], m->l.global[1]);
    CHECK(m->l.local[0] == 8 && m->l.local[1] == 4, "local %zu x %zu", m->l.local[0],
          m->l.local[1]);
    CHECK(m->l.shmem == 8 * sizeof(float) && m->l.kernel == NULL, "shmem %zu", m->l.shmem);
    CHECK(m->ocl && !strcmp(m->ocl->kernel, "tile_kernel") && !strcmp(m->ocl->file, "k.cl"),
          "opencl info %s %s", m->ocl ? m->ocl->kernel : "-", m->ocl ? m->ocl->file : "-");
    CHECK(m->l.nargs == 6, "%u kernel arguments", m->l.nargs);
    CHECK(m->args[0].kind == NANORT_KARG_BUFFER && m->args[0].ptr == in, "arg 0");
    CHECK(m->args[1].kind == NANORT_KARG_BUFFER && m->args[1].ptr == out, "arg 1");
    CHECK(m->args[2].kind == NANORT_KARG_LOCAL && m->args[2].size == 8 * sizeof(float),
          "arg 2: kind %u size %zu", m->args[2].kind, m->args[2].size);
    int n;
    float k;
    memcpy(&n, m->args[3].value, sizeof n);
    memcpy(&k, m->args[5].value, sizeof k);
    CHECK(m->args[3].kind == NANORT_KARG_VALUE && m->args[3].size == sizeof(int) && n == 64,
          "arg 3");
    CHECK(m->args[5].kind == NANORT_KARG_VALUE && m->args[5].size == sizeof(float) && k == 2.5f,
          "arg 5");
    CHECK(m->nregions == 2 && m->flags[0] == (NANORT_DEP_IN | NANORT_COPY_IN) &&
          m->flags[1] == (NANORT_DEP_OUT | NANORT_COPY_OUT), "region flags %#x %#x",
          m->flags[0], m->flags[1]);
    CHECK(m->bytes[0] == sizeof in && m->bases[1] == out, "region extent");
    CHECK(m->nreads == 0, "ndrange(2, n, rows, BS, 4) reads no task data, yet %u regions "
          "were read back", m->nreads);
}

/* The regions of one multidependence carry NANORT_REGION_JOIN from the second on (a device
 * holds them in one buffer); the next multidependence starts without it. */
static void check_multidep_join(void)
{
    int before = mock_nlaunches;
    blocks_k(fx, fx, 8);
    const struct mock_launch *m = mock_last();
    CHECK(mock_nlaunches == before + 1 && m->nregions == 4, "%u regions", m->nregions);
    const unsigned in = NANORT_DEP_IN | NANORT_COPY_IN, out = NANORT_DEP_OUT | NANORT_COPY_OUT;
    CHECK(m->flags[0] == in && m->flags[1] == (in | NANORT_REGION_JOIN) &&
          m->flags[2] == out && m->flags[3] == (out | NANORT_REGION_JOIN),
          "region flags %#x %#x %#x %#x", m->flags[0], m->flags[1], m->flags[2], m->flags[3]);
    CHECK(m->bases[0] == fx && m->bases[1] == fx + 4 && m->bases[2] == fx &&
          m->bases[3] == fx + 4, "region starts");
    CHECK(m->args[0].kind == NANORT_KARG_BUFFER && m->args[1].kind == NANORT_KARG_BUFFER,
          "kernel arguments %u %u", m->args[0].kind, m->args[1].kind);
}

static void check_implements(void)
{
    scale(dx, 20);              /* the OpenCL version of scale, fed from scale's arguments */
    const struct mock_launch *m = mock_last();
    CHECK(mock_nlaunches == 3 && !strcmp(m->impl->name, "scale_ocl"), "implementation %s",
          m->impl->name);
    CHECK(!strcmp(m->ocl->kernel, "scale_ocl") && m->ocl->file == NULL, "kernel %s",
          m->ocl->kernel);
    CHECK(m->l.ndims == 1 && m->l.global[0] == 20 && m->l.local[0] == 0, "range %zu/%zu",
          m->l.global[0], m->l.local[0]);
    long len;
    memcpy(&len, m->args[1].value, sizeof len);
    CHECK(m->args[0].kind == NANORT_KARG_BUFFER && m->args[0].ptr == dx, "data");
    CHECK(m->args[1].kind == NANORT_KARG_VALUE && m->args[1].size == sizeof(long) && len == 20,
          "len: size %zu", m->args[1].size);
    CHECK(dx[3] == 0 && m->flags[0] == (NANORT_DEP_INOUT | NANORT_COPY_INOUT),
          "the smp version ran, or flags %#x", m->flags[0]);
}

static void check_copies(void)
{
    copies(sa, sb, 'x', 32);
    const struct mock_launch *m = mock_last();
    CHECK(m->nregions == 4, "%u regions", m->nregions);
    CHECK(m->flags[0] == NANORT_DEP_IN && m->flags[1] == NANORT_DEP_OUT, "no_copy_deps: %#x %#x",
          m->flags[0], m->flags[1]);
    CHECK(m->flags[2] == NANORT_COPY_IN && m->flags[3] == NANORT_COPY_OUT,
          "copy_in/copy_out: %#x %#x", m->flags[2], m->flags[3]);
    CHECK(m->args[0].kind == NANORT_KARG_BUFFER && m->args[1].kind == NANORT_KARG_BUFFER,
          "copied pointers are buffers");
    CHECK(m->args[2].kind == NANORT_KARG_VALUE && m->args[2].size == 1 &&
          m->args[2].value[0] == 'x', "char argument");
    CHECK(m->l.local[0] == 16 && m->l.global[0] == 32, "range");
}

static int iv[12], iw[12];

static void check_implementation_copies(void)
{
    pairs(iv, iw, 12);
    const struct mock_launch *m = mock_last();
    CHECK(!strcmp(m->impl->name, "pairs_ocl") && m->nregions == 4, "%s with %u regions",
          m->impl->name, m->nregions);
    CHECK(m->flags[0] == NANORT_DEP_IN && m->flags[1] == NANORT_DEP_OUT &&
          m->flags[2] == NANORT_COPY_IN && m->flags[3] == NANORT_COPY_OUT,
          "flags %#x %#x %#x %#x", m->flags[0], m->flags[1], m->flags[2], m->flags[3]);
    CHECK(m->bases[2] == iv && m->bytes[3] == sizeof iw, "copied regions");
    CHECK(m->args[0].kind == NANORT_KARG_BUFFER && m->args[1].kind == NANORT_KARG_BUFFER &&
          m->args[2].kind == NANORT_KARG_VALUE, "kinds");
}

static float hin[22], hout[20];
static int am[6 * 5];

static void check_seed_clauses(void)
{
    halo(hin + 1, hout, 20, 1.5f);
    const struct mock_launch *m = mock_last();
    CHECK(!strcmp(m->impl->name, "halo_ocl") && !strcmp(m->ocl->kernel, "halo_ocl"),
          "implementation %s", m->impl->name);
    CHECK(m->l.global[0] == 16 && m->l.local[0] == 8, "noCheckDim: range %zu/%zu (20/8 groups "
          "of 8)", m->l.global[0], m->l.local[0]);
    int count;
    float factor;
    memcpy(&count, m->args[0].value, sizeof count);
    memcpy(&factor, m->args[1].value, sizeof factor);
    CHECK(m->l.nargs == 4 && m->args[0].kind == NANORT_KARG_VALUE && count == 20, "calls: n");
    CHECK(m->args[1].kind == NANORT_KARG_VALUE && m->args[1].size == sizeof(float) &&
          factor == 3.0f, "calls: 2 * a");
    CHECK(m->args[2].kind == NANORT_KARG_BUFFER && m->args[2].ptr == hout, "calls: out");
    CHECK(m->args[3].kind == NANORT_KARG_BUFFER && m->args[3].ptr == hin, "calls: in - 1 "
          "(kind %u, %p for %p)", m->args[3].kind, m->args[3].ptr, (void *)hin);
    CHECK(m->nregions == 2 && m->bases[0] == hin && m->bytes[0] == sizeof hin, "halo region");
    addv(6, 5, am, 3);
    m = mock_last();
    CHECK(!strcmp(m->impl->name, "addv_ocl") && m->l.nargs == 2, "addv_ocl, %u arguments",
          m->l.nargs);
    int v;
    memcpy(&v, m->args[1].value, sizeof v);
    CHECK(m->args[0].kind == NANORT_KARG_BUFFER && m->args[0].ptr == am &&
          m->args[1].kind == NANORT_KARG_VALUE && v == 3, "by name: m, v");
    CHECK(m->l.global[0] == 5 && m->l.global[1] == 6, "range %zu x %zu", m->l.global[0],
          m->l.global[1]);
    tail_ocl(am, 99, 8);
    m = mock_last();
    int last;
    memcpy(&last, m->args[1].value, sizeof last);
    CHECK(!strcmp(m->impl->name, "tail_ocl") && m->args[0].ptr == am && last == 7,
          "calls on its own kernel: last %d", last);
}

static int cv[64], ccount = 5;

/* "the device" holds 12 where the host has 5 */
static void device_count(const void *base, size_t bytes)
{
    if (base == &ccount && bytes == sizeof ccount)
        ccount = 12;
}

static void check_size_reads(void)
{
    mock_on_read = device_count;
    counted(cv, &ccount);
    const struct mock_launch *m = mock_last();
    CHECK(m->nreads == 1 && m->read_bases[0] == &ccount && m->read_bytes[0] == sizeof ccount,
          "%u reads, first %p of %zu bytes (count %p)", m->nreads, m->read_bases[0],
          m->read_bytes[0], (void *)&ccount);
    CHECK(m->l.global[0] == 12 && m->l.shmem == 48, "sizes from the host's old copy: global "
          "%zu, shmem %zu", m->l.global[0], m->l.shmem);
    ccount = 5;
    counted_host(cv, &ccount);
    m = mock_last();
    CHECK(!strcmp(m->impl->name, "counted_impl") && m->nreads == 1 &&
          m->read_bases[0] == &ccount && m->l.global[0] == 12, "implements: %s, %u reads, "
          "global %zu", m->impl->name, m->nreads, m->l.global[0]);
    mock_on_read = NULL;
}

static void check_cuda_by_hand(void)
{
    by_hand(fx, 10);
    CHECK(seen_x == (const char *)fx + MOCK_DEVICE_OFFSET && seen_n == 10,
          "by_hand got %p (host %p) and %d", seen_x, (void *)fx, seen_n);
}

static void check_sources(void)
{
    int k = -1, extra = -1;
    for (int i = 0; i < mock_nsources; i++) {
        if (!strcmp(mock_sources[i].name, "k.cl"))
            k = i;
        if (strstr(mock_sources[i].name, "extra.cl"))
            extra = i;
    }
    CHECK(k >= 0 && extra >= 0 && mock_nsources == 2, "%d sources registered", mock_nsources);
    CHECK(strstr(mock_sources[k].text, "out[get_global_id(0)] = in[get_global_id(0)] * k"),
          "k.cl text: %s", mock_sources[k].text);
    CHECK(strstr(mock_sources[extra].text, "__kernel void extra_kernel(__global int *v)"),
          "extra.cl text");
    for (int i = 0; i < mock_nsources; i++)
        CHECK(mock_sources[i].build_opts && !strcmp(mock_sources[i].build_opts, "-DMOCK=1 -w"),
              "build options of %s: %s", mock_sources[i].name,
              mock_sources[i].build_opts ? mock_sources[i].build_opts : "(none)");
}

int main(void)
{
    mock_device = NANORT_DEVICE_OPENCL;
    check_tile();
    check_multidep_join();
    check_implements();
    check_copies();
    check_implementation_copies();
    check_seed_clauses();
    check_size_reads();
    mock_device = NANORT_DEVICE_CUDA;
    check_cuda_by_hand();
    check_sources();
    mock_device = NANORT_DEVICE_SMP;
    scale(dx, 20);
    return result_ok();
}
