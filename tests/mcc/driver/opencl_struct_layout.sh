#!/usr/bin/env bash
# A buffer of structs reaches the kernel as the host's bytes: the struct must be laid out
# alike on both sides.  Where mcc sees both layouts it compares them itself
# (tests/ompss/diag/opencl_struct_*); where the host's is not plain to it (#pragma pack)
# the generated code has gcc check the host's size against the kernel's, with a message
# that names the kernel's file and line, and the build fails instead of the run reading
# garbage.  Layouts that agree build and run: OpenCL's host type cl_float3 for the
# kernel's float3 (16 bytes each), a char before a double (padding alike).
. "$(dirname "$0")/lib.sh"
cat > k.cl <<'CL'
struct rec { char tag; int n; };
struct pt { float3 pos; char kind; double w; };
__kernel void bump(__global struct rec *r, int n)
{ int i = get_global_id(0); if (i < n) r[i].n += r[i].tag; }
__kernel void move(__global struct pt *p, int n)
{ int i = get_global_id(0); if (i < n) p[i].pos.y += (float)p[i].w + (p[i].kind == 'a'); }
CL
cat > packed.c <<'SRC'
#pragma pack(push, 1)
struct rec { char tag; int n; };
#pragma pack(pop)
#pragma omp target device(opencl) ndrange(1, n, 1) file(k.cl) copy_deps
#pragma omp task inout([n]r)
void bump(struct rec *r, int n);
int main(void) { struct rec r[2] = {{1, 1}, {2, 2}}; bump(r, 2);
#pragma omp taskwait
return r[1].n != 4; }
SRC
fails 1 "$MCC" --ompss packed.c -o packed
has err.txt "^packed\.c:6:1: error: static assertion failed: \"kernel bump in k\.cl \(k\.cl:1\) takes struct rec as 8 bytes \(the layout of OpenCL C\) but the host has another size for struct rec"
absent packed
cat > same.c <<'SRC'
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
struct rec { char tag; int n; };
struct pt { cl_float3 pos; char kind; double w; };
#pragma omp target device(opencl) ndrange(1, n, 1) file(k.cl) copy_deps
#pragma omp task inout([n]r)
void bump(struct rec *r, int n);
#pragma omp target device(opencl) ndrange(1, n, 1) file(k.cl) copy_deps
#pragma omp task inout([n]p)
void move(struct pt *p, int n);
int main(void)
{
    struct rec r[2] = {{1, 1}, {2, 2}};
    struct pt p[2] = {{.kind = 'a', .w = 1}, {.kind = 'b', .w = 2}};
    bump(r, 2);
    move(p, 2);
#pragma omp taskwait
    printf("%d %g %g\n", r[1].n, p[0].pos.s[1], p[1].pos.s[1]);
    return 0;
}
SRC
ok "$MCC" --ompss -Wall -Werror same.c -o same
runs ./same "4 2 2"
