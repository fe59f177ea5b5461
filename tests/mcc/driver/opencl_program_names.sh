#!/usr/bin/env bash
# A program with OpenCL tasks may name its own globals and helpers as OpenCL codes do
# (`ocl`, `ocl_fail`, `ocl_error_name`): libnanort.so keeps its OpenCL device's names of
# that spelling to itself (nanort/libnanort.map).  Exported, the library's references
# took the program's objects: `ocl`, the program's struct, received the OpenCL entry
# points and the program crashed wherever libOpenCL was there.
. "$(dirname "$0")/lib.sh"
lib=$BUILD/lib/libnanort.so
[ -f "$lib" ] || skip "skipped: no $lib"
for so in "$lib" "$BUILD/lib/libnanort-debug.so"; do
    [ -f "$so" ] || continue
    leaked=$(nm -D --defined-only "$so" | awk '{print $3}' | grep -E '^ocl(_|$)' | tr '\n' ' ')
    [ -z "$leaked" ] || fail "$so exports $leaked"
done
cat > app.c <<'SRC'
#include <stdio.h>
#include <stdarg.h>
struct { int verbose; const char *tag; } ocl = { 1, "mine" };
int ocl_fail(const char *fmt, ...) { va_list ap; va_start(ap, fmt); va_end(ap); return 7; }
const char *ocl_error_name(int e) { return e ? "bad" : "fine"; }
#pragma omp target device(opencl) ndrange(1, n, 8) copy_deps
#pragma omp task inout([n]x)
__kernel void twice(__global float *x, int n);
int main(void)
{
    float x[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    twice(x, 8);
#pragma omp taskwait
    printf("%g %g %d %s %d %s\n", x[0], x[7], ocl.verbose, ocl.tag, ocl_fail("%d", 1),
           ocl_error_name(0));
    return 0;
}
SRC
printf '__kernel void twice(__global float *x, int n)\n{ int i = get_global_id(0); if (i < n) x[i] *= 2; }\n' > twice.cl
ok "$MCC" --ompss app.c twice.cl -o prog
runs ./prog "2 16 1 mine 7 fine"
ok "$MCC" --ompss --debug app.c twice.cl -o prog_debug
runs ./prog_debug "2 16 1 mine 7 fine"
no_temps
