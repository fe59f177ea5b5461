#!/usr/bin/env bash
# Install the Debian packages the build, the tests and the benchmarks need, when missing.
# As root it runs apt-get; otherwise it prints the command to run.
set -u
quiet=0; [ "${1:-}" = "--quiet" ] && quiet=1
pkgs="gcc make flex bison check pkg-config ocl-icd-opencl-dev opencl-headers pocl-opencl-icd
      clang libclang-rt-dev libomp-dev libstarpu-dev graphviz python3
      python3-matplotlib openmpi-bin libopenmpi-dev iproute2 gdb groff-base man-db
      g++ cmake ninja-build autoconf meson"
missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
if [ -z "$missing" ]; then
  [ $quiet = 1 ] || echo "deps: all packages present"
  exit 0
fi
echo "deps: installing:$missing"
if [ "$(id -u)" = 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq $missing || { echo "deps: apt-get failed" >&2; exit 1; }
elif command -v sudo >/dev/null; then
  sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing || exit 1
else
  echo "deps: run as root: apt-get update && apt-get install -y$missing" >&2
  exit 1
fi
