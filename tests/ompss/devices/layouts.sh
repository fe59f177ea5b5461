#!/usr/bin/env bash
# OmpSs device programs in the layouts their users write (tests/ompss/devices/layouts/NAME/,
# each with the Makefile such a user writes), built exactly as that Makefile builds them
# and run from an empty directory elsewhere.
#
#   tests/ompss/devices/layouts.sh build DEV NAME TARGET    copy NAME's sources into
#        $BUILD/tests/ompss/devices/layouts/NAME and run `make TARGET` there, with CC the mcc
#        under test and KC nvcc (DEV cuda: 77 without nvcc)
#   tests/ompss/devices/layouts.sh run DEV NAME TARGET [SETTING]   run the program (SETTING
#        as in run.sh: default, workers2, two_devices, ...): it must exit 0 and print
#        "result: OK".  DEV cuda needs a GPU, opencl an OpenCL device (PoCL in CI): 77
#        without.  The binaries stay in the build directory for scripts/gpu-devices21.sh.
# NAME is a folder of tests/ompss/devices/layouts, or a path (samples/heat_cuda).
# Environment: BUILD, MCC.
set -u
mode=$1 dev=$2 name=$3 target=$4 setting=${5:-default}
BUILD=${BUILD:-build}
MCC=$(readlink -f "${MCC:-$BUILD/bin/mcc}")
src=tests/ompss/devices/layouts/$name
[ -d "$src" ] || src=$name
out=$(readlink -f "$BUILD")/tests/ompss/devices/layouts/$(basename "$name")

nvcc_path() {
  command -v nvcc || { [ -x "${CUDA_HOME:-/nonexistent}/bin/nvcc" ] && echo "$CUDA_HOME/bin/nvcc"; } ||
    { [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc; }
}

case $mode in
build)
  kc=nvcc
  if [ $dev = cuda ]; then kc=$(nvcc_path) || { echo "no nvcc"; exit 77; }; fi
  mkdir -p "$out"
  cp -pr "$src"/* "$out"/
  rm -f "$out/$target"
  make -B -C "$out" --no-print-directory CC="$MCC" KC="$kc" "$target" || exit 1
  [ -x "$out/$target" ] || { echo "$target was not built"; exit 1; }
  ;;
run)
  bin=$out/$target
  [ -x "$bin" ] || { echo "$bin was not built"; exit 1; }
  pdir=$(readlink -f "$BUILD")/tests/ompss/devices
  mkdir -p "$pdir"
  [ -x "$pdir/probe" ] && [ "$pdir/probe" -nt tests/ompss/devices/probe.c ] ||
    gcc -O1 -o "$pdir/probe" tests/ompss/devices/probe.c -ldl || exit 1
  "$pdir/probe" $dev || exit $?
  case $setting in
    default) ;;
    workers2) export NX_ARGS=--smp-workers=2 ;;
    round_robin) export NX_ARGS=--dispatch=round-robin ;;
    two_devices) export POCL_DEVICES="pthread pthread" NX_ARGS=--dispatch=round-robin ;;
    *) echo "unknown setting $setting"; exit 2 ;;
  esac
  elsewhere=$(mktemp -d)
  trap 'rm -rf "$elsewhere"' EXIT
  cd "$elsewhere" && "$bin" > run.txt 2>&1
  st=$?
  cat run.txt
  [ $st = 0 ] && grep -q "^result: OK$" run.txt
  ;;
*) echo "usage: $0 build|run cuda|opencl NAME TARGET [SETTING]" >&2; exit 2 ;;
esac
