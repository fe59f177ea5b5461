#!/usr/bin/env bash
# A C file with a device(cuda) ndrange task: mcc writes the launch stub <name>.mcc_cuda.cu
# (kept with -k) declaring the user's __global__ kernel and an extern "C" accessor of its
# address, compiles it with nvcc and, with -c, folds it into the one object; the object
# carries mcc's CUDA mark, so linking it later (separate compilation) adds the CUDA
# plugin and the static CUDA runtime.  Without nvcc: a clear error naming the input that
# needs it; a program without CUDA parts never needs nvcc.
. "$(dirname "$0")/lib.sh"
cat > capp.c <<'SRC'
#include <stdio.h>
#pragma omp target device(cuda) ndrange(1, n, 128) copy_deps
#pragma omp task inout([n]x)
__global__ void twice(float *x, int n);
int main(int argc, char **argv)
{
    float x[4] = {1, 2, 3, 4};
    (void)argv;
    if (argc > 100)
        twice(x, 4);
    puts("started");
    return 0;
}
SRC
printf '__global__ void twice(float *x, int n)\n{ int i = threadIdx.x; if (i < n) x[i] *= 2; }\n' > kern.cu
write_app
MCC_NVCC="$work/no/nvcc" fails 1 "$MCC" -c capp.c
has err.txt "^mcc: error: capp\.c: a device\(cuda\) ndrange task needs nvcc"
absent capp.o
MCC_NVCC="$work/no/nvcc" ok "$MCC" capp.c -y
MCC_NVCC="$work/no/nvcc" ok "$MCC" helper.c -c    # no CUDA parts: no nvcc needed
nvcc_path=$(command -v nvcc || { [ -n "${CUDA_HOME:-}" ] && echo "$CUDA_HOME/bin/nvcc"; } || echo /usr/local/cuda/bin/nvcc)
[ -x "$nvcc_path" ] || skip "nvcc not installed"
ok "$MCC" -k -c capp.c
exists capp.o capp.mcc.c capp.mcc_cuda.cu
has capp.mcc_cuda.cu '^__global__ void twice\(float \*x, int n\) __attribute__\(\(weak\)\);'
has capp.mcc_cuda.cu 'extern "C" .*__nrt_cuda_fn_twice\(void\) \{'
nm capp.o | grep -Eq ' [TW] __nrt_cuda_fn_twice' || fail "capp.o lacks the stub"
# the kernel's C and C++ symbols, both weak: the user's .cu defines one of them
nm capp.o | grep -Eq ' w twice$' || fail "capp.o does not refer to the C symbol twice"
nm capp.o | grep -Eq ' w _Z5twicePfi$' || fail "capp.o does not refer to the C++ symbol of twice"
nm capp.o | grep -q ' U nanort_kernel_launch' || fail "capp.o does not launch"
grep -q "mcc: this object has CUDA parts" capp.o || fail "capp.o lacks the CUDA mark"
MCC_NVCC="$work/no/nvcc" fails 1 "$MCC" capp.o kern.o -o prog
has err.txt "^mcc: error: capp\.o: linking the program's CUDA parts needs nvcc"
ok "$MCC" -c kern.cu
ok "$MCC" -v capp.o kern.o -o prog
has err.txt "-lcudart_static"
has err.txt "/libnanort-cuda\.a|no nanort CUDA plugin"
if [ -e "$(dirname "$MCC")/../lib/libnanort-cuda.a" ]; then
    has err.txt "-Wl,--undefined=nanort_cuda_plugin"
    runs ./prog started
fi
# the stub declares the user's types the kernel's parameters use (typedefs, tags), so
# that its declaration names the same C++ function as the user's .cu
cat > ty.h <<'SRC'
#include <stddef.h>
#include <stdint.h>
typedef float real;
struct particle { real pos[3]; uint32_t id; };
typedef struct particle particle_t;
enum mode { ADD, SUB };
typedef struct body { float m; struct body *next; } body_t;
SRC
cat > ty.c <<'SRC'
#include "ty.h"
#pragma omp target device(cuda) ndrange(1, n, 64) copy_deps
#pragma omp task inout([n]p)
__global__ void move(particle_t *p, int n, real dt, struct particle *q, enum mode m, size_t s,
                     struct body *b, body_t *c);
int main(int argc, char **argv)
{
    (void)argv;
    if (argc > 100)
        move(0, 0, 0, 0, ADD, 0, 0, 0);
    return 0;
}
SRC
printf '#include "ty.h"\n__global__ void move(particle_t *p, int n, real dt, struct particle *q, enum mode m, size_t s, struct body *b, body_t *c) {}\n' > ty.cu
ok "$MCC" -k ty.c ty.cu -o ty
has ty.mcc_cuda.cu '^typedef float real;'
has ty.mcc_cuda.cu '^typedef struct particle particle_t;'
has ty.mcc_cuda.cu '^enum mode \{ ADD, SUB \};'
lacks ty.mcc_cuda.cu 'typedef .* size_t;'
[ "$(grep -c 'struct body {' ty.mcc_cuda.cu)" = 1 ] || fail "struct body defined twice in the stub"
# a program without CUDA parts links no CUDA library
ok "$MCC" -v app.c helper.c -o plain
lacks err.txt "cudart|libnanort-cuda"
runs ./plain "r=42"
no_temps
