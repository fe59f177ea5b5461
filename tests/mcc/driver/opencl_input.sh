#!/usr/bin/env bash
# A .cl input is accepted and recorded for the OpenCL device (-v says so), and does not
# disturb compiling and linking the C inputs beside it.  With -c it makes an object
# holding its text and its kernels translated to C (docs/opencl-cpu.md).  At the link its
# text is embedded in the program (a generated constructor registers it with
# nanort_opencl_source under the name given, with the --opencl-build-opts), so the program
# runs from any directory, and its kernels are translated (registered with
# nanort_opencl_cpu_kernel).  A .cl input that does not exist is an error naming it.
. "$(dirname "$0")/lib.sh"
write_app
printf '__kernel void scale(__global float *a) {\n  a[get_global_id(0)] *= 2; /* "x" */\n}\n' > kern.cl
ok "$MCC" -v --opencl --opencl-build-opts=-cl-fast-relaxed-math -c kern.cl helper.c
has err.txt "^mcc-translate-opencl [^ ]*/kern\.cl\.i -o [^ ]*/kern\.cl\.c$"
exists helper.o
exists kern.o
nm kern.o | grep -q ' U nanort_opencl_source' || fail "kern.o does not register the source"
nm kern.o | grep -q ' U nanort_opencl_cpu_kernel' || fail "kern.o does not register the translation"
ok "$MCC" -v --opencl app.c helper.o kern.cl -o prog
has err.txt "kern\.cl.* recorded"
ok "$MCC" --opencl-build-opts=-cl-fast-relaxed-math app.c helper.o kern.cl -o prog
runs ./prog "r=42"
# the text, with its quotes and newlines, is in the program, and so are name and options
strings prog | grep -q '__kernel void scale(__global float \*a) {' || fail "kernel text not embedded"
strings prog | grep -q 'a\[get_global_id(0)\] \*= 2; /\* "x" \*/' || fail "kernel text mangled"
strings prog | grep -qx 'kern\.cl' || fail "source name not embedded"
strings prog | grep -qx -- '-cl-fast-relaxed-math' || fail "build options not embedded"
nm prog | grep -q ' U nanort_opencl_source\| T nanort_opencl_source' || fail "no registration call"
nm prog | grep -q 'scale__nrt_cl' || fail "the kernel is not translated"
mkdir elsewhere && (cd elsewhere && runs ../prog "r=42")
# a .cl input that does not exist is named, as gcc names a missing C input
fails 1 "$MCC" app.c helper.c nothere.cl -o prog3
has err.txt "^mcc: error: nothere\.cl: No such file or directory$"
lacks err.txt "has no source"
absent prog3
fails 1 "$MCC" -c nothere.cl
has err.txt "^mcc: error: nothere\.cl: No such file or directory$"
no_temps
