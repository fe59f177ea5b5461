#!/usr/bin/env bash
# A negative local size in ndrange(...) stops the run with a message that names it and the
# task wherever the kernel runs: translated to C on the CPU cores (--opencl-cpu=on) as on
# an OpenCL device, not as a range too large for the translation.
. "$(dirname "$0")/lib.sh"
write_ocl_app scale "ndrange(1, n, -4) file(kernels.cl) copy_deps"
ok make_app
fails 1 env NX_ARGS=--opencl-cpu=on ./app
has err.txt "task 'scale', kernel 'scale\(C\)' on the CPU cores: ndrange\(1, 16, -4\): the local size of dimension 1 is negative \(-4\); fix the ndrange clause"
lacks err.txt "2\^31"
no_temps
