#!/usr/bin/env bash
# A .cl file and a header it includes that begin with a UTF-8 byte order mark (as some
# editors save them) are embedded without it: the mark may only start a file, and the
# embedded text starts with a #line, so the OpenCL compiler stopped at it ("expected
# identifier or '('").  Built with file(...) and as a .cl input; run on an OpenCL device
# when there is one.
. "$(dirname "$0")/lib.sh"
write_ocl_app scale "ndrange(1, n, BS) file(kernels.cl) copy_deps"
printf '\357\273\277' | cat - kernels.cl > k && mv k kernels.cl
printf '\357\273\277' | cat - kernels.h > k && mv k kernels.h
ok "$MCC" --ompss app.c -o prog
LC_ALL=C grep -q $'\xef\xbb\xbf' prog && fail "prog embeds a byte order mark"
strings prog | grep -q '__kernel void scale' || fail "kernel text not embedded"
sed -i 's/ file(kernels.cl)//' app.c
ok "$MCC" --ompss app.c kernels.cl -o prog2
LC_ALL=C grep -q $'\xef\xbb\xbf' prog2 && fail "prog2 embeds a byte order mark"
gcc -O1 -o probe "$TOP/tests/ompss/devices/probe.c" -ldl || fail "probe did not build"
./probe opencl > /dev/null 2>&1 || skip "built; no OpenCL device to run on"
NX_ARGS=--opencl-cpu=off runs ./prog "x[15]=31"
NX_ARGS=--opencl-cpu=off runs ./prog2 "x[15]=31"
no_temps
