#!/usr/bin/env bash
# scripts/pack-starpu.sh - the StarPU-MPI column of the cluster benchmark on a machine
# without StarPU (the GPU machine: Ubuntu 24.04, Open MPI 4.1.6, no libstarpu): build
# bench/cluster/starpu_mpi here (Debian's libstarpu-dev, libopenmpi-dev) and copy the
# shared libraries it needs into $BUILD/bench/cluster/starpu-lib/, which travels with
# build/.  scripts/gpu-cluster.sh starpu runs it there with LD_LIBRARY_PATH set to it.
#
# Copied: every library `ldd` lists for the program and for libstarpu-1.3 / libstarpumpi-1.3
# (the StarPU libraries themselves, and glpk, OpenCL's loader, SuiteSparse, ltdl, gmp, ...),
# except the C library's own (libc, libm, libpthread, libdl, librt, ld-linux, the vDSO) and
# GCC's libgcc_s (every system has one, and a newer one there must not be shadowed by ours)
# and Open MPI with everything it brings (libmpi, libopen-*, and libmpi's own
# dependencies: hwloc, libevent, zlib, udev): the machine's Open MPI loads its own, and
# libmpi.so.40 is the same ABI in Open MPI 4.1.4 (here) and 4.1.6 (there).  A MANIFEST
# in the directory lists what was copied, from where, and Debian's package versions.
#
#   scripts/pack-starpu.sh          (BUILD=build, MPICC=mpicc)
set -eu
BUILD=${BUILD:-build}
MPICC=${MPICC:-mpicc}
dir=$BUILD/bench/cluster
dest=$dir/starpu-lib
bin=$dir/starpu_mpi

if ! pkg-config --exists starpumpi-1.3; then
  echo "pack-starpu: no starpumpi-1.3 here (apt-get install libstarpu-dev)" >&2
  exit 77
fi
command -v "$MPICC" >/dev/null || { echo "pack-starpu: no $MPICC (libopenmpi-dev)" >&2; exit 77; }
mkdir -p "$dir"
make -s "$BUILD/bench/ompss/kernels.o"
"$MPICC" -std=gnu11 -O2 -include stdbool.h bench/cluster/starpu_mpi.c \
  "$BUILD/bench/ompss/kernels.o" $(pkg-config --cflags --libs starpumpi-1.3) -lm -o "$bin"

libdir=$(pkg-config --variable=libdir starpumpi-1.3)
starpu=$(ls "$libdir"/libstarpu-1.3.so.[0-9]* | head -1)
starpumpi=$(ls "$libdir"/libstarpumpi-1.3.so.[0-9]* | head -1)
libmpi=$(ldd "$bin" | awk '$1 ~ /^libmpi\.so/ {print $3}')
[ -n "$libmpi" ] || { echo "pack-starpu: $bin does not link libmpi?" >&2; exit 1; }

# sonames to leave out: the C library's, and Open MPI's with its dependencies
skip=$({ ldd "$libmpi" | awk '{print $1}'; echo "$(basename "$libmpi")"; } |
       sed 's|.*/||' | sort -u)
is_skipped() {
  case $1 in
    linux-vdso.so.*|ld-linux*|libc.so.*|libm.so.*|libpthread.so.*|libdl.so.*|librt.so.*) return 0 ;;
    libgcc_s.so.*) return 0 ;;
    libmpi.so.*|libmpi_*.so.*|libopen-*.so.*) return 0 ;;
  esac
  printf '%s\n' "$skip" | grep -qxF "$1"
}

rm -rf "$dest"
mkdir -p "$dest"
{
  echo "# StarPU-MPI libraries for $bin, copied $(date -u '+%Y-%m-%d %H:%M UTC') on $(hostname)"
  echo "# ($(. /etc/os-release && echo "$PRETTY_NAME"), $(mpirun --version 2>&1 | head -1))"
  for p in libstarpu-1.3-9 libstarpumpi-1.3-3 libstarpu-dev; do
    dpkg-query -W -f='# ${Package} ${Version}\n' "$p" 2>/dev/null || true
  done
} > "$dest/MANIFEST"
ldd "$bin" "$starpu" "$starpumpi" | awk '$2 == "=>" && $3 ~ /^\// {print $1, $3}' | sort -u |
  while read -r name path; do
    is_skipped "$name" && continue
    cp -L "$path" "$dest/$name"
    echo "$name $path $(stat -c %s "$dest/$name")" >> "$dest/MANIFEST"
  done
# what each copied library needs must be there too (or left out above on purpose)
missing=$(LD_LIBRARY_PATH="$dest" ldd "$bin" "$dest"/*.so* | awk '/not found/ {print $1}' | sort -u)
[ -z "$missing" ] || { echo "pack-starpu: still not found: $missing" >&2; exit 1; }
echo "pack-starpu: $(ls "$dest" | grep -c '\.so') libraries, $(du -sh "$dest" | cut -f1) in $dest (MANIFEST)"
