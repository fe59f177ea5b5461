/* The host side of CUDA code that mcc --cuda moves to nvcc, checked against the mock
 * runtime (mock_runtime.c; no GPU needed, nothing here launches a kernel): an inline
 * device(cuda) task gets the variables copied for it as device addresses (the mock's:
 * host + MOCK_DEVICE_OFFSET) and its firstprivate values as they were; a device(cuda)
 * function task defined in the C file runs from the generated .cu with device pointers;
 * both write globals of this file from there.  The ndrange launches of kernels defined in
 * kernels_mock.cu with C and with C++ linkage get the address of the one the link has. */
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
    k_cxx(v, 16);
    CHECK(mock_last()->l.kernel == (const void *)k_cxx_stub, "k_cxx launched %p, not the C++ "
          "symbol %p", mock_last()->l.kernel, (const void *)k_cxx_stub);
    return result_ok();
}
