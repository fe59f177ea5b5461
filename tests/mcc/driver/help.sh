#!/usr/bin/env bash
# mcc --help prints usage naming mcc's own options on stdout and exits 0.
. "$(dirname "$0")/lib.sh"
ok "$MCC" --help
for opt in --no-openmp --ompss --keep-files ' -y ' --Wn, --Wl, --Wc, --cc= --version \
           --opencl-build-opts= --no-copy-deps --cuda; do
    has out.txt "$opt"
done
[ ! -s err.txt ] || fail "--help wrote to stderr"
no_temps
