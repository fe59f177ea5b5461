#!/usr/bin/env bash
# A kernel named like an OpenCL C built-in function (`mix`, `step`, `dot`...): OpenCL
# compilers take the name for the built-in (PoCL builds the source, then finds no kernel
# of that name), so the program could only stop at its first launch.  mcc reports it when
# the task's unit is compiled, at the device clause, naming the kernel and what to do;
# name(...) with another kernel name builds.
. "$(dirname "$0")/lib.sh"
write_ocl_app mix "ndrange(1, n, BS) file(kernels.cl) copy_deps"
fails 2 make_app
has err.txt "^app\.c:3:20: error: OpenCL kernel 'mix' \(task 'mix'\) has the name of an OpenCL C built-in function, which OpenCL compilers take for the built-in: rename the kernel in its \.cl file"
absent app.o app
# the same without file(...): the .cl given at the link
sed -i 's/ file(kernels.cl)//' app.c
fails 1 "$MCC" --ompss -c app.c
has err.txt "^app\.c:3:20: error: OpenCL kernel 'mix' \(task 'mix'\)"
# renamed in the .cl, the task keeps its name through name(...)
sed -i 's/void mix(/void mix_k(/' kernels.cl
sed -i 's/copy_deps$/copy_deps file(kernels.cl) name(mix_k)/' app.c
ok make_app
runs ./app "x[15]=31"
no_temps
