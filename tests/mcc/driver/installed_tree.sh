#!/usr/bin/env bash
# `make install PREFIX=<dir>` (install.mk's target, run on the already built tree) installs
# mcc, libnanort.a/.so, nanort.h, omp.h (and mcc's other headers) and nanort.pc; the
# installed mcc builds programs (also OpenCL ones, and ones including nanos_omp.h)
# that link the installed nanort (rpath, no LD_LIBRARY_PATH); pkg-config gives working
# flags for C API users; uninstall removes the files; DESTDIR stages the tree.
. "$(dirname "$0")/lib.sh"
prefix="$work/prefix"
: "${BUILD:?set BUILD to the build directory}"
# install.mk alone: the build is done, and a nested make of the whole project is not wanted
inst() { ok env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory -C "$TOP" -f install.mk BUILD="$BUILD" PREFIX="$prefix" "$@"; }
inst install-nanort-mcc
exists "$prefix/bin/mcc" "$prefix/bin/nanort-perfmodel" "$prefix/lib/libnanort.a" "$prefix/lib/libnanort.so" \
       "$prefix/lib/libnanort-debug.so" \
       "$prefix/include/nanort.h" "$prefix/lib/mcc/include/omp.h" "$prefix/lib/pkgconfig/nanort.pc" \
       "$prefix/share/man/man1/mcc.1" "$prefix/share/man/man7/nanort.7" \
       "$prefix/share/man/man1/nanort-perfmodel.1"
if command -v man > /dev/null; then
    MANPATH="$prefix/share/man" MANWIDTH=80 man nanort 2> /dev/null | grep -q -- "--smp-workers" ||
        fail "man nanort does not find the installed page"
fi
write_app
cat > omp_app.c <<'SRC'
#include <stdio.h>
#include <omp.h>
int helper(int);
int main(void)
{
    printf("r=%d %d\n", helper(21), omp_get_num_threads() >= 1);
    return 0;
}
SRC
ok "$prefix/bin/mcc" -v omp_app.c helper.c -o prog
has err.txt "-I$prefix/lib/mcc/include -I$prefix/include"
has err.txt "-L$prefix/lib -Wl,-rpath,$prefix/lib -lnanort"
runs ./prog "r=42 1"
readelf -d prog | grep -E 'R(UN)?PATH' | grep -qF "$prefix/lib" || fail "no rpath to $prefix/lib"
env -u LD_LIBRARY_PATH ldd ./prog | grep -F libnanort | grep -qF "$prefix/lib/" ||
    fail "prog does not load the installed libnanort"
# An OmpSs OpenCL program (its kernel translated to C beside the device version: the
# installed tree lacked opencl_c.h, and the installed mcc built no OpenCL program), and
# one that includes nanos_omp.h, as OmpSs programs do under #ifdef _OMPSS.
MCC="$prefix/bin/mcc" write_ocl_app scale "ndrange(1, n, BS) file(kernels.cl) copy_deps"
ok "$prefix/bin/mcc" --ompss app.c -o ocl_prog
NX_ARGS=--disable-opencl runs ./ocl_prog "x[15]=31"
cat > nanos_omp_app.c <<'SRC'
#include <stdio.h>
#ifdef _OMPSS
#include <nanos_omp.h>
#endif
int main(void)
{
    int t = -1;
#pragma omp task shared(t)
    t = nanos_omp_get_thread_num() < nanos_omp_get_max_threads();
#pragma omp taskwait
    printf("t=%d\n", t);
    return 0;
}
SRC
ok "$prefix/bin/mcc" --ompss nanos_omp_app.c -o nanos_omp_prog
runs ./nanos_omp_prog "t=1"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
ok pkg-config --cflags --libs nanort
has out.txt "-I$prefix/include"
has out.txt "-lnanort"
cat > capi.c <<'SRC'
#include <stdio.h>
#include <nanort.h>
int main(void)
{
    nanort_taskwait();
    printf("%d\n", nanort_num_workers() >= 1);
    return 0;
}
SRC
ok gcc capi.c $(pkg-config --cflags --libs nanort) -o capi
runs ./capi 1
inst uninstall
absent "$prefix/bin/mcc" "$prefix/lib/libnanort.so" "$prefix/lib/pkgconfig/nanort.pc"
# DESTDIR stages the same tree elsewhere; the files still name PREFIX
ok env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory -C "$TOP" -f install.mk \
    BUILD="$BUILD" PREFIX=/opt/nanort DESTDIR="$work/stage" install-nanort-mcc
exists "$work/stage/opt/nanort/bin/mcc" "$work/stage/opt/nanort/lib/mcc/include/omp.h"
has "$work/stage/opt/nanort/lib/pkgconfig/nanort.pc" '^prefix=/opt/nanort$'
no_temps
