#!/usr/bin/env bash
# A program whose OpenCL tasks find no source at run time (it registers its sources itself,
# nanort_opencl_source, which the link cannot check, and registered none) says that, not
# that no OpenCL device is installed.
. "$(dirname "$0")/lib.sh"
write_ocl_app scale "ndrange(1, n, BS) copy_deps"
sed -i 's/^int main(void)$/void nanort_opencl_source(const char *name, const char *text, const char *opts);\nint main(int argc, char **argv)/; s/^    for (int i = 0; i < 16; i++)$/    if (argc > 1)\n        nanort_opencl_source("kernels.cl", argv[1], 0);\n&/' app.c
ok make_app
fails 1 ./app
has err.txt "task 'scale' has only opencl implementations \(scale\) and no opencl device is available \(run with NX_ARGS=--verbose to see why; the program registered no OpenCL source: give the kernels' \.cl file to mcc"
lacks err.txt "install"
no_temps
