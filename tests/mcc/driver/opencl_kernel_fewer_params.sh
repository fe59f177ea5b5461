#!/usr/bin/env bash
# A kernel may take fewer parameters than its task's prototype (docs/devices.md: the
# kernel's arguments are the task's parameters matched by name): `n` sizes the range and
# the dependence, the kernel needs only x and a.  The launch passed all three, and the run
# stopped (CL_INVALID_ARG_SIZE on PoCL; "takes 2 arguments" translated).  It runs, with the
# source named by file(...), given at the link, or compiled apart in a Makefile; on an
# OpenCL device and translated.  A kernel parameter that the task lacks, or a kernel with
# more parameters, is an error when mcc sees both, naming the parameter; a mistyped one by
# name too.
. "$(dirname "$0")/lib.sh"
check_runs() {
    for cpu in off on; do
        got=$(env NX_ARGS=--opencl-cpu=$cpu ./app 2> err.txt) ||
            { st=$?; cat err.txt; fail "--opencl-cpu=$cpu: exit $st"; }
        [ "$got" = "x[15]=31" ] || fail "--opencl-cpu=$cpu: printed '$got'"
    done
}
write_ocl_app scale "ndrange(1, n, BS) file(kernels.cl) copy_deps" "__global float *x, float a"
ok make_app
check_runs
# the .cl at the link, and compiled apart (a Makefile's kernels.o)
sed -i 's/ file(kernels.cl)//' app.c
rm -f app app.o
ok make_app OBJS=kernels.cl
check_runs
printf 'kernels.o: kernels.cl kernels.h\n\t$(CC) $(CFLAGS) -c kernels.cl -o $@\n' >> Makefile
rm -f app
ok make_app OBJS=kernels.o
check_runs
# a kernel parameter the task does not have: at the link, and with file(...)
sed -i 's/float a)/float b)/; s/\* a /* b /' kernels.cl
rm -f app kernels.o
fails 2 make_app OBJS=kernels.o
has err.txt "^app\.c:3:20: error: kernel 'scale' in kernels\.cl takes parameter 2 'b', which task 'scale' does not have: a kernel that takes fewer parameters than its task gets them by name; name the parameter as the task does"
sed -i 's/copy_deps$/copy_deps file(kernels.cl)/' app.c
fails 2 make_app
has err.txt "^app\.c:3:20: error: kernel 'scale' in kernels\.cl takes parameter 2 'b', which task 'scale' does not have"
# by name, types are compared too
sed -i 's/float b)/int a)/; s/\* b /* a /' kernels.cl
fails 2 make_app
has err.txt "^app\.c:3:20: error: parameter 3 'a' of task 'scale' is 'float' but kernel 'scale' in kernels\.cl takes 'int' there"
no_temps
