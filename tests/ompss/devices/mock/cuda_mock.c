/* The host side of CUDA code that mcc --cuda moves to nvcc, checked against the mock
 * runtime (mock_runtime.c; no GPU needed, nothing here launches a kernel): an inline
 * device(cuda) task gets the variables copied for it as device addresses (the mock's:
 * host + MOCK_DEVICE_OFFSET) and its firstprivate values as they were; a device(cuda)
 * function task defined in the C file runs from the generated .cu with device pointers;
 * both write globals of this file from there.  The ndrange launches of kernels defined in
 * kernels_mock.cu with C and with C++ linkage get the address of the one the link has; a
 * multidependence's regions after the first carry NANORT_REGION_JOIN, and the pointers of
 * a task whose data a depend object names go as NANORT_KARG_AUTO.  A kernel named other than
 * as a callee (CUDA's queries take its name) is its host stub, without a warning. */
#include <omp.h>
#include "mock_runtime.h"
#include "ompss_check.h"

const void *seen_p, *seen_q;
int seen_k;

#pragma omp target device(cuda) copy_deps
#pragma omp task inout([n]x)
void by_body(float *x, int n)
{
    seen_q = x;
    seen_k = n;
}

#pragma omp target device(cuda) ndrange(1, n, 32) copy_deps
#pragma omp task inout([n]x)
__global__ void k_c(float *x, int n);

#pragma omp target device(cuda) ndrange(1, n, 32) copy_deps
#pragma omp task inout([n]x)
__global__ void k_cxx(float *x, int n);

/* data named block by block: the blocks after the first join the first's buffer */
#pragma omp target device(cuda) ndrange(1, n, 32) copy_deps
#pragma omp task inout({x[i * 4; 4], i = 0;n / 4})
__global__ void k_blocks(float *x, int n);

/* data named only by a depend object: the pointers go as NANORT_KARG_AUTO, which the
 * runtime resolves at the launch (the object's data, or an error) */
static omp_depend_t dobj;
#pragma omp target device(cuda) ndrange(1, n, 32) copy_deps
#pragma omp task depend(depobj: dobj)
__global__ void k_obj(float *x, float *scratch, int n);

/* the host stubs nvcc made: the C one by its name, the C++ one by its mangled name */
void k_c_stub(void) __asm__("k_c");
void k_cxx_stub(void) __asm__("_Z5k_cxxPfi");

int main(void)
{
    mock_device = NANORT_DEVICE_CUDA;
    float v[16];
    int k = 5;
#pragma omp target device(cuda) copy_deps
#pragma omp task inout(v)
    {
        seen_p = v;
        seen_k = k;
    }
    CHECK(seen_p == (const char *)v + MOCK_DEVICE_OFFSET, "inline task: v at %p (host %p)",
          seen_p, (void *)v);
    CHECK(seen_k == 5, "inline task: k = %d", seen_k);
    by_body(v, 16);
    CHECK(seen_q == (const char *)v + MOCK_DEVICE_OFFSET && seen_k == 16,
          "function task: x at %p (host %p), n = %d", seen_q, (void *)v, seen_k);
    k_c(v, 16);
    CHECK(mock_last() && mock_last()->l.kernel == (const void *)k_c_stub,
          "k_c launched %p, not the C symbol %p", mock_last() ? mock_last()->l.kernel : NULL,
          (const void *)k_c_stub);
    /* the kernel's name, as CUDA's queries take it (cudaFuncGetAttributes(&a, k_c)), is
       the host stub, without a warning (built with -Werror: it had the one of a call
       through a pointer) */
    const void *named = (const void *)k_c;
    CHECK(named == (const void *)k_c_stub, "k_c names %p, not the C symbol %p", named,
          (const void *)k_c_stub);
    k_cxx(v, 16);
    CHECK(mock_last()->l.kernel == (const void *)k_cxx_stub, "k_cxx launched %p, not the C++ "
          "symbol %p", mock_last()->l.kernel, (const void *)k_cxx_stub);
    k_blocks(v, 16);
    const struct mock_launch *m = mock_last();
    CHECK(m->nregions == 4 && m->flags[0] == (NANORT_DEP_INOUT | NANORT_COPY_INOUT) &&
          m->flags[3] == (NANORT_DEP_INOUT | NANORT_COPY_INOUT | NANORT_REGION_JOIN),
          "k_blocks: %u regions, flags %#x ... %#x", m->nregions, m->flags[0], m->flags[3]);
    CHECK(m->args[0].kind == NANORT_KARG_BUFFER && m->args[0].ptr == v, "k_blocks: x");
#pragma omp depobj(dobj) depend(inout: v[0:16])
    k_obj(v, NULL, 16);
#pragma omp depobj(dobj) destroy
    m = mock_last();
    CHECK(m->nregions == 1 && m->flags[0] == (NANORT_DEP_INOUT | NANORT_COPY_INOUT) &&
          m->bases[0] == v && m->bytes[0] == sizeof v, "k_obj: the object's region");
    CHECK(m->args[0].kind == NANORT_KARG_AUTO && m->args[0].ptr == v &&
          m->args[1].kind == NANORT_KARG_AUTO && m->args[1].ptr == NULL &&
          m->args[2].kind == NANORT_KARG_VALUE, "k_obj: arguments %u %u %u", m->args[0].kind,
          m->args[1].kind, m->args[2].kind);
    return result_ok();
}
