#!/usr/bin/env bash
# --opencl-build-opts with its options in the next word (getopt's other form, which
# Mercurium accepted) reaches the OpenCL compiler as the joined form does; a misspelt option
# of mcc's families (--opencl-build-flags=..., --ompss-2) is mcc's error naming the options
# of that family, not gcc's "unrecognized command-line option" (gcc got the word before); a
# family with no option of mcc's (--nanox...) says so (it said "its kind: none").
. "$(dirname "$0")/lib.sh"
write_ocl_app scale 'ndrange(1, n, 16) file(kernels.cl) copy_deps'
# the kernel multiplies by FACTOR, which only the build options define
sed -i 's/x\[i\] \* a + 1.0f/x[i] * a * FACTOR + 1.0f/' kernels.cl
ok "$MCC" --ompss --opencl-build-opts "-DFACTOR=3 -cl-mad-enable" app.c -o app
NX_ARGS=--opencl-cpu=off runs ./app "x[15]=91"
ok "$MCC" --ompss --opencl-build-opts="-DFACTOR=3" app.c -o app2
runs ./app2 "x[15]=91"
fails 1 "$MCC" --ompss --opencl-build-opts
has err.txt "^mcc: error: missing argument to '--opencl-build-opts'"
for bad in --opencl-build-flags=-DFACTOR=3 --opencl-build-options=-DFACTOR=3; do
    fails 1 "$MCC" --ompss "$bad" app.c -o app3
    has err.txt "^mcc: error: unknown option '$bad' \(mcc's options of its kind: --opencl, --opencl-build-opts=<s>, --opencl-cpu="
    lacks err.txt unrecognized
done
fails 1 "$MCC" --ompss-2 app.c -o app3
has err.txt "^mcc: error: unknown option '--ompss-2' \(mcc's options of its kind: --ompss;"
absent app3
fails 1 "$MCC" --nanox app.c -o app4
has err.txt "^mcc: error: unknown option '--nanox' \(mcc has no option of its kind; mcc --help lists them all\)"
absent app4
no_temps
