#!/usr/bin/env bash
# scripts/gpu-libs.sh DIR BINARY... - copy into DIR the shared libraries the binaries need,
# except the C library's own (libc, libm, libpthread, libdl, librt, the loader), which the
# GPU machine has.  That machine has none of Debian's -dev packages (libomp, StarPU, Check's
# libsubunit, the OpenCL ICD loader): scripts/gpu-session.sh puts DIR on LD_LIBRARY_PATH.
set -eu
dir=$1; shift
mkdir -p "$dir"
ldd "$@" 2>/dev/null | awk '/=> \//{print $3}' | sort -u |
  grep -Ev '/(libc|libm|libpthread|libdl|librt|ld-linux[^/]*)\.so' |
  while read -r lib; do cp -L "$lib" "$dir/"; done
du -sh "$dir"
