#!/usr/bin/env bash
# -c -o or -y -o on a special file (as with -o /dev/null, which build checks use) writes
# through it as gcc does and never replaces or removes it: also for a unit whose OpenCL
# kernels (file(...)) go into the same object, made by renaming the output away, and for a
# failed translation, whose output is removed; run as root on -o /dev/null, both deleted
# /dev/null from the machine.  Needs mknod (root): else skipped.
. "$(dirname "$0")/lib.sh"
mknod -m 666 nul c 1 3 2> /dev/null || skip "mknod is not permitted (not root)"
[ -c nul ] || skip "mknod made no character device"
printf '__kernel void twice(__global float *x, int n)\n{ int i = get_global_id(0); if (i < n) x[i] *= 2; }\n' > twice.cl
cat > ocl.c <<'SRC'
#pragma omp target device(opencl) ndrange(1, n, 8) file(twice.cl) copy_deps
#pragma omp task inout([n]x)
__kernel void twice(__global float *x, int n);
int main(void)
{
    float x[8] = {0};
    twice(x, 8);
#pragma omp taskwait
    return 0;
}
SRC
printf 'int main(void) { return 0; }\n' > plain.c
ok gcc -c plain.c -o nul
[ -c nul ] || fail "the oracle: gcc -c -o on a character device replaced it"
ok "$MCC" -c plain.c -o nul
[ -c nul ] || fail "mcc -c plain.c -o DEVICE replaced the device with a regular file"
ok "$MCC" -c ocl.c -o nul
[ -c nul ] || fail "mcc -c ocl.c -o DEVICE (a unit with OpenCL kernels) replaced the device"
# a translation that fails removes its output (-y), but only a regular file, as gcc does
printf 'int main(void)\n{\n#pragma omp task depend(in: nosuch)\n    ;\n}\n' > bad.c
fails 1 "$MCC" -y bad.c -o nul
[ -c nul ] || fail "mcc -y bad.c -o DEVICE (a translation error) removed the device"
# and the object made the ordinary way still holds the unit and its kernels
ok "$MCC" -c ocl.c -o ocl.o
nm ocl.o > syms.txt
has syms.txt ' T main$'
has syms.txt ' twice__nrt_cl_register$'     # the kernel translated to C
no_temps
