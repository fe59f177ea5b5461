#!/usr/bin/env bash
# A program whose OpenCL tasks find no device because its own options left every one out
# (--disable-opencl, an --opencl-device-type no device has) says so and what to type, not
# that an OpenCL driver should be installed.
. "$(dirname "$0")/lib.sh"
write_ocl_app scale "ndrange(1, n, BS) file(kernels.cl) copy_deps"
ok make_app
NX_ARGS="--disable-opencl --opencl-cpu=off" fails 1 ./app
has err.txt "task 'scale' has only opencl implementations \(scale\) and no opencl device is available \(run with NX_ARGS=--verbose to see why; --disable-opencl \(or mcc --no-opencl\) turns OpenCL off: drop it to run them\)"
lacks err.txt "install"
NX_ARGS="--opencl-device-type=accelerator --opencl-cpu=off" fails 1 ./app
has err.txt "no OpenCL device is of type 'accelerator': run with --opencl-device-type=all to use the others"
lacks err.txt "install"
no_temps
