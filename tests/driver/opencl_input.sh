#!/usr/bin/env bash
# A .cl input is accepted and recorded for the OpenCL device (-v says so), produces no
# object, and does not disturb compiling and linking the C inputs beside it.
. "$(dirname "$0")/lib.sh"
write_app
echo '__kernel void scale(__global float *a) { a[get_global_id(0)] *= 2; }' > kern.cl
ok "$MCC" -v --opencl --opencl-build-opts=-cl-fast-relaxed-math -c kern.cl helper.c
has err.txt "kern\.cl.* recorded"
exists helper.o
absent kern.o
ok "$MCC" app.c helper.o kern.cl -o prog
runs ./prog "r=42"
no_temps
