#!/usr/bin/env bash
# no_copy_deps on an OpenCL task whose buffer no copy clause names: the pointer is not
# copied to the device, so it would reach the kernel as __local memory (of shmem(...)
# bytes; none given: 0 bytes), which PoCL refused with a bare CL_INVALID_ARG_SIZE.  mcc
# reports it when the unit is compiled, naming the task, the parameter and the fix; with
# shmem(...) given (a __local parameter is meant) too, the kernel in file(...) taking a
# __global buffer there (the run stopped at the first launch, on an OpenCL device and
# translated); with the copy clause the program runs.
. "$(dirname "$0")/lib.sh"
write_ocl_app scale "ndrange(1, n, BS) file(kernels.cl) no_copy_deps"
fails 2 make_app
has err.txt "^app\.c:3:20: error: parameter 'x' of OpenCL task 'scale' is in a dependence but nothing copies it to the device \(no_copy_deps, and no copy_in, copy_out or copy_inout names it\): the kernel would get __local memory of shmem\(\.\.\.\) bytes, here 0, in its place; name it in a copy clause or drop no_copy_deps"
absent app.o app
# a __local parameter meant (shmem given): the kernel takes a buffer there
sed -i 's/no_copy_deps$/no_copy_deps shmem(64)/' app.c
fails 2 make_app
has err.txt "^app\.c:3:20: error: parameter 'x' of OpenCL task 'scale' is a buffer \(__global or __constant\) of kernel 'scale' in kernels\.cl, but nothing copies it to the device: name it in copy_in, copy_out or copy_inout, or in a dependence with copy_deps"
absent app.o app
sed -i 's/no_copy_deps shmem(64)$/no_copy_deps copy_inout([n]x)/' app.c
ok make_app
runs ./app "x[15]=31"
no_temps
