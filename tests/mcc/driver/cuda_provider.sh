#!/usr/bin/env bash
# CUDA code inside a C file (mcc --cuda, Mercurium's CUDA device provider): the kernel and
# the device(cuda) task body go to <name>.mcc_cuda.cu (kept with -k), with #line so that
# nvcc's messages name the user's file and line; launches get the task's stream unless
# they name one; the host C has neither the CUDA code nor CUDA's attributes (gcc -Wall says
# nothing).  Without --cuda a launch is mcc's error, never gcc's.  Needs nvcc.
. "$(dirname "$0")/lib.sh"
cat > prov.c <<'SRC'
#include <stdio.h>

#pragma omp target device(cuda)
__global__ void twice(float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] *= 2;
}

#pragma omp target device(cuda) copy_deps
#pragma omp task inout([n]x)
void twice_all(float *x, int n)
{
    dim3 grid, block;
    grid.x = (n + 63) / 64;
    grid.y = grid.z = 1;
    block.x = 64;
    block.y = block.z = 1;
    twice<<<grid, block>>>(x, n);
    twice<<<1, 64, 0, nanos_get_kernel_execution_stream()>>>(x, n);
}

int main(int argc, char **argv)
{
    float x[64] = {1};
    (void)argv;
    if (argc > 100)
        twice_all(x, 64);
#pragma omp taskwait
    puts("linked");
    return 0;
}
SRC
cat > plain.c <<'SRC'
void twice(float *x, int n);
#pragma omp target device(cuda) copy_deps
#pragma omp task inout([n]x)
void twice_all(float *x, int n)
{
    twice<<<(n + 63) / 64, 64>>>(x, n);
}
int main(void)
{
    return 0;
}
SRC
fails 1 "$MCC" --ompss plain.c -o prog                     # no --cuda: mcc says so
has err.txt "^plain\.c:6:5: error: CUDA kernel launch in C compiled for the host: build with 'mcc --cuda'"
lacks err.txt "expected expression"
nvcc_path=$(command -v nvcc || { [ -n "${CUDA_HOME:-}" ] && echo "$CUDA_HOME/bin/nvcc"; } || echo /usr/local/cuda/bin/nvcc)
[ -x "$nvcc_path" ] || skip "nvcc not installed"
ok "$MCC" --ompss --cuda -Wall -k prov.c -o prog
[ ! -s err.txt ] || { cat err.txt; fail "warnings from the host compile"; }
exists prov.mcc.c prov.mcc_cuda.cu
# comments pass through (the driver preprocesses with -C) and CUDA's headers mention the
# <<<>>> operator in theirs: look at the code only
gcc -fpreprocessed -E prov.mcc.c -o prov.code.c || fail "gcc -fpreprocessed failed"
lacks prov.code.c '<<<|__attribute__\(\((global|device)'
has prov.mcc.c '^void twice_all\(float \*x, int n\);'
has prov.mcc_cuda.cu '^#line 4 ".*prov\.c"'
has prov.mcc_cuda.cu 'twice<<<grid, block, 0, nanos_get_kernel_execution_stream\(\)>>>\(x, n\);'
has prov.mcc_cuda.cu 'twice<<<1, 64, 0, nanos_get_kernel_execution_stream\(\)>>>\(x, n\);'
runs ./prog linked
# only a task's statement goes to nvcc: a taskloop under target device(cuda) stays host code
cat > loop.c <<'SRC'
#include <stdio.h>
int main(void)
{
    int v[100] = {0};
#pragma omp target device(cuda)
#pragma omp taskloop grainsize(10) shared(v)
    for (int i = 0; i < 100; i++)
        v[i] = i;
    int s = 0;
    for (int i = 0; i < 100; i++)
        s += v[i];
    printf("%d\n", s);
    return 0;
}
SRC
ok "$MCC" --ompss --cuda loop.c -o loop
runs ./loop 4950
# comments pass through (cpp -C): a comment line that looks like a linemarker into a
# system header puts the code below it in no header (it was taken for stdio.h's: the kernel
# stayed in the host C, "CUDA kernel launch in a function compiled for the host")
cat > marker.c <<'SRC'
#include <stdio.h>
/* looks like a linemarker:
# 1 "/usr/include/stdio.h" 1 3 4
 */
struct pair { float a, b; };
#pragma omp target device(cuda)
__global__ void add(struct pair *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i].a += p[i].b;
}
#pragma omp target device(cuda) copy_deps
#pragma omp task inout([n]p)
void add_all(struct pair *p, int n)
{
    add<<<1, 64>>>(p, n);
}
int main(int argc, char **argv)
{
    struct pair p[64] = {{1, 2}};
    (void)argv;
    if (argc > 100)
        add_all(p, 64);
#pragma omp taskwait
    puts("linked");
    return 0;
}
SRC
ok "$MCC" --ompss --cuda -Wall -k marker.c -o marker
has marker.mcc_cuda.cu '^struct pair \{ float a, b; \};'
lacks marker.mcc_cuda.cu 'include "/usr/include/stdio.h"'
runs ./marker linked
# nvcc's errors in the moved code point at the user's file and line
sed -i 's/x\[i\] \*= 2;/x[i] *= undeclared_scale;/' prov.c
run "$MCC" --ompss --cuda prov.c -o prog2
[ "$st" != 0 ] || fail "mcc succeeded with an error in the CUDA code"
has err.txt 'prov\.c\(8\): error: identifier "undeclared_scale" is undefined'
absent prog2
no_temps
