#!/usr/bin/env bash
# OmpSs programs with OpenCL and CUDA tasks (tests/ompss/devices/*.c), built by mcc.
#
#   tests/ompss/devices/run.sh build NAME             mcc --ompss NAME.c (+ its .cl/.cu inputs)
#                                                 -> $BUILD/tests/ompss/devices/NAME
#   tests/ompss/devices/run.sh run NAME SETTING       run it under SETTING (settings_env: the
#                                                 NX_ARGS and PoCL environment) from an
#                                                 empty directory elsewhere: the OpenCL
#                                                 sources must be embedded
#   tests/ompss/devices/run.sh build-asan NAME        the same with -fsanitize=address
#                                                 -> $BUILD/tests/ompss/devices/NAME-asan
#   tests/ompss/devices/run.sh run-asan NAME          run that under AddressSanitizer (with its
#                                                 fake stacks, detect_stack_use_after_return)
#                                                 (leaks too), two workers
#   tests/ompss/devices/run.sh mock                   mock/lowering_mock.c against the mock
#                                                 runtime (no device needed), run
#   tests/ompss/devices/run.sh mock-cuda              mock/cuda_mock.c (CUDA code moved to nvcc
#                                                 by mcc --cuda) against it: needs nvcc only
# A cuda_* program needs nvcc to build and a GPU to run; an ocl_* program an OpenCL device
# (PoCL in CI).  Where that is missing the step exits 77 (skipped) with the reason; it
# never passes.  Environment: BUILD, MCC.
set -u
mode=$1 name=${2:-}
shift $(($# < 2 ? $# : 2))
BUILD=${BUILD:-build}
MCC=$(readlink -f "${MCC:-$BUILD/bin/mcc}")
dir=tests/ompss/devices
out=$(readlink -f "$BUILD")/tests/ompss/devices
mkdir -p "$out"
bin=$out/$name

# The inputs besides NAME.c: kernel sources and options given on the command line, one a
# line (an option may hold blanks).
extra_inputs() {
  case $1 in
    ocl_implements_2d) echo "$dir/kernels/scale2d.cl" ;;
    ocl_macro_kernels) echo "$dir/kernels/macro_kernels.cl" ;;
    # NBINS of its histogram, as GPU codes give their sizes to the OpenCL compiler
    ocl_gpu_shapes) echo "--opencl-build-opts=-DNBINS=16" ;;
    # a quoted value with a blank: one option, as a shell splits it
    ocl_quoted_build_opts) echo '--opencl-build-opts=-DWORDS="two words"' ;;
    cuda_*) echo "$dir/kernels/cuda_kernels.cu" ;;
  esac
}

# Export the environment of a setting (NX_ARGS, PoCL's devices).
setting_env() {
  case $1 in
    default) ;;
    workers2) export NX_ARGS=--smp-workers=2 ;;
    writethrough) export NX_ARGS=--cache-policy=writethrough ;;
    nocache) export NX_ARGS="--cache-policy=nocache --smp-workers=2" ;;
    # instances dealt in turn to the device and, with an smp version, the host
    round_robin) export NX_ARGS=--dispatch=round-robin ;;
    # two OpenCL devices (two memory spaces), instances dealt to them in turn
    two_devices) export POCL_DEVICES="pthread pthread" NX_ARGS=--dispatch=round-robin ;;
    # every OpenCL task as its kernel translated to C, on the workers (checked below)
    translated) export NX_ARGS="--opencl-cpu=on --smp-workers=2 --summary" ;;
    *) echo "unknown setting $1"; exit 2 ;;
  esac
}

probe() {
  [ -x "$out/probe" ] && [ "$out/probe" -nt "$dir/probe.c" ] ||
    gcc -O1 -o "$out/probe" "$dir/probe.c" -ldl || exit 1
  "$out/probe" "$1"
}

case $mode in
build)
  rm -f "$bin"
  case $name in
    cuda_*)
      command -v nvcc >/dev/null || [ -x "${CUDA_HOME:-/nonexistent}/bin/nvcc" ] ||
        [ -x /usr/local/cuda/bin/nvcc ] || { echo "no nvcc"; exit 77; } ;;
  esac
  mapfile -t extra < <(extra_inputs "$name")
  "$MCC" --ompss -O1 -Wall -Werror -Itests/ompss "$dir/$name.c" "${extra[@]}" -o "$bin"
  ;;
build-asan)
  rm -f "$bin-asan"
  mapfile -t extra < <(extra_inputs "$name")
  "$MCC" --ompss -O1 -g -fsanitize=address -fno-omit-frame-pointer -Wall -Werror -Itests/ompss \
    "$dir/$name.c" "${extra[@]}" -o "$bin-asan"
  ;;
run-asan)
  [ -x "$bin-asan" ] || { echo "$bin-asan was not built"; exit 1; }
  probe opencl || exit $?
  elsewhere=$(mktemp -d)
  trap 'rm -rf "$elsewhere"' EXIT
  supp=$(readlink -f "$dir/lsan.supp")
  cd "$elsewhere" && ASAN_OPTIONS="detect_leaks=1 halt_on_error=1 exitcode=66 detect_stack_use_after_return=1" \
    LSAN_OPTIONS="suppressions=$supp" NX_ARGS=--smp-workers=2 "$bin-asan"
  ;;
mock)
  m=$dir/mock
  "$MCC" --ompss -O1 -Wall -Werror -I$m -Itests/ompss --opencl-build-opts="-DMOCK=1 -w" \
    "$m/lowering_mock.c" "$m/mock_runtime.c" "$m/extra.cl" -o "$out/lowering_mock" || exit 1
  elsewhere=$(mktemp -d)
  trap 'rm -rf "$elsewhere"' EXIT
  cd "$elsewhere" && "$out/lowering_mock"
  ;;
mock-cuda)
  command -v nvcc >/dev/null || [ -x "${CUDA_HOME:-/nonexistent}/bin/nvcc" ] ||
    [ -x /usr/local/cuda/bin/nvcc ] || { echo "no nvcc"; exit 77; }
  m=$dir/mock
  "$MCC" --ompss --cuda -O1 -Wall -Werror -I$m -Itests/ompss "$m/cuda_mock.c" \
    "$m/mock_runtime.c" "$m/kernels_mock.cu" -o "$out/cuda_mock" || exit 1
  elsewhere=$(mktemp -d)
  trap 'rm -rf "$elsewhere"' EXIT
  cd "$elsewhere" && "$out/cuda_mock"
  ;;
run)
  [ -x "$bin" ] || { echo "$bin was not built"; exit 1; }
  setting_env "${1:-default}"
  case $name in
    cuda_*) probe cuda || exit $? ;;
    ocl_*) probe opencl || exit $? ;;
  esac
  elsewhere=$(mktemp -d)
  trap 'rm -rf "$elsewhere"' EXIT
  if [ "${1:-}" = translated ] && [ "${name#ocl_}" != "$name" ]; then
    log=$(cd "$elsewhere" && "$bin" 2>&1) || { echo "$log"; exit 1; }
    echo "$log"
    echo "$log" | grep -q '(C) .* smp ' || { echo "run.sh: no task ran its kernel translated to C"; exit 1; }
    if echo "$log" | grep -Eq '^  opencl[0-9]+ .* [1-9][0-9]* +[0-9.]+% '; then
      echo "run.sh: tasks ran on OpenCL with --opencl-cpu=on"
      exit 1
    fi
    exit 0
  fi
  cd "$elsewhere" && "$bin"
  ;;
esac
