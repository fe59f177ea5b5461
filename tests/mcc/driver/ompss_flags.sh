#!/usr/bin/env bash
# The flags existing OmpSs makefiles pass are accepted: --ompss --instrument --debug
# --no-copy-deps --cuda --opencl --opencl-build-opts=... --Wc,...; the program still builds.
. "$(dirname "$0")/lib.sh"
write_app
ok "$MCC" --ompss --instrument --debug --no-copy-deps --cuda --opencl \
    --opencl-build-opts="-cl-mad-enable -DX=1" --Wc,-O2,-lineinfo app.c helper.c -o prog
runs ./prog "r=42"
lacks err.txt 'unrecognized|error'
no_temps
