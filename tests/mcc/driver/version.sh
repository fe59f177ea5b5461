#!/usr/bin/env bash
# mcc --version names mcc and the nanort ABI version of include/nanort.h, exit 0; `mcc -v`
# alone prints the version too, and `mcc` alone fails with "no input files".
. "$(dirname "$0")/lib.sh"
major=$(awk '/define NANORT_VERSION_MAJOR/ {print $3}' "$TOP/include/nanort.h")
minor=$(awk '/define NANORT_VERSION_MINOR/ {print $3}' "$TOP/include/nanort.h")
ok "$MCC" --version
has out.txt "^mcc .*nanort ABI $major\.$minor"
ok "$MCC" -v
has err.txt "^mcc "
fails 1 "$MCC"
has err.txt '^mcc: error: no input files'
no_temps
