#!/usr/bin/env bash
# Build and run the OmpSs test programs and samples through the harness (module.mk).
#
#   tests/ompss/run.sh seq  RESULTS SRC...        plain gcc, pragmas ignored: the sequential
#                                                 semantics; each program runs once
#   tests/ompss/run.sh mcc  RESULTS SRC...        mcc --ompss; each program runs under
#                                                 NX_ARGS="--smp-workers=W --schedule=S"
#   tests/ompss/run.sh lint RESULTS LINT SRC...   every #pragma omp through mcc's pragma parser
#
# SRC is tests/ompss/NAME.c or samples/NAME/NAME.c.  A program that does not compile is one
# failed test ("build") and is not run.  Environment: BUILD, CC, MCC, HARNESS,
# OMPSS_WORKERS (1 2 4), OMPSS_SCHEDULES (bf wf dbf), HARNESS_TIMEOUT (60 here).
set -u
mode=$1 results=$2
shift 2
BUILD=${BUILD:-build}
CC=${CC:-gcc}
MCC=${MCC:-$BUILD/bin/mcc}
HARNESS=${HARNESS:-tests/harness.sh}
export HARNESS_TIMEOUT=${HARNESS_TIMEOUT:-60}
workers=${OMPSS_WORKERS:-1 2 4}
schedules=${OMPSS_SCHEDULES:-bf wf dbf}
out=$BUILD/tests/ompss/$mode
mkdir -p "$out"

# Pragmas ignored: variables used only in clauses look unused to gcc.
SEQ_FLAGS="-std=gnu11 -O2 -Wall -Wextra -Wno-unknown-pragmas -Wno-unused-variable
  -Wno-unused-parameter -Wno-unused-function -Wno-unused-but-set-variable -Imcc/include -Iinclude"

# Small problem sizes for the samples (their defaults are for timing).
test_args() {
  case $1 in
    samples/fib) echo 20 8 ;;
    samples/cholesky*) echo 256 32 ;;
    samples/matmul*) echo 256 32 ;;
    samples/stream) echo 400000 25000 3 ;;
    samples/dot) echo 1000000 25000 ;;
    samples/multisort) echo 300000 2048 4096 ;;
    samples/heat) echo 256 32 4 ;;
    samples/sparselu) echo 12 16 ;;
  esac
}

# CBLAS for the -cblas variants: OpenBLAS when pkg-config knows it, else the reference BLAS.
cblas_flags() {
  if pkg-config --exists openblas 2>/dev/null; then
    echo "-DUSE_CBLAS $(pkg-config --cflags --libs openblas)"
  elif [ -f /usr/include/cblas.h ] || [ -f "/usr/include/$(gcc -dumpmachine)/cblas.h" ]; then
    echo "-DUSE_CBLAS -lblas"
  fi
}

# build NAME SRC [FLAGS...]: compile into $out/NAME as the test ompss/MODE/NAME/build.
build() {
  local name=$1 src=$2 bin=$out/$1
  shift 2
  mkdir -p "$(dirname "$bin")"
  rm -f "$bin"
  if [ "$mode" = seq ]; then
    "$HARNESS" run "$results" "ompss/$mode/$name/build" -- \
      $CC $SEQ_FLAGS "$src" -o "$bin" "$@" "$BUILD/lib/libnanort.a" -lpthread -lm -ldl
  else
    "$HARNESS" run "$results" "ompss/$mode/$name/build" -- \
      "$MCC" --ompss -O2 "$src" -o "$bin" "$@" -lm
  fi
  [ -x "$bin" ]
}

# run_all NAME ARGS...: seq once, mcc under every workers x scheduler.
run_all() {
  local name=$1 bin=$out/$1
  shift
  if [ "$mode" = seq ]; then
    NX_ARGS=--smp-workers=1 "$HARNESS" run "$results" "ompss/seq/$name" -- "$bin" "$@"
    return
  fi
  for w in $workers; do
    for s in $schedules; do
      NX_ARGS="--smp-workers=$w --schedule=$s" \
        "$HARNESS" run "$results" "ompss/mcc/$name/w$w-$s" -- "$bin" "$@"
    done
  done
}

# expect_failure NAME ARGS...: the program must notice a wrong result (exit status 1).
expect_failure() {
  local name=$1 bin=$out/$1
  shift
  NX_ARGS=--smp-workers=2 "$HARNESS" run "$results" "ompss/$mode/$name/detects-wrong-result" -- \
    sh -c '"$0" "$@"; test $? = 1' "$bin" "$@"
}

name_of() {
  case $1 in
    samples/*) echo "samples/$(basename "$1" .c)" ;;
    *) basename "$1" .c ;;
  esac
}

if [ "$mode" = lint ]; then
  lint=$1
  shift
  mkdir -p "$out/i"
  for src in "$@"; do
    gcc -E -fopenmp -D_OMPSS=1 -Imcc/include -Iinclude "$src" -o "$out/i/$(basename "$src" .c).i" || exit 1
  done
  "$HARNESS" run "$results" ompss/pragma-lint -- "$lint" "$out"/i/*.i
  exit 0
fi

if [ "$mode" = mcc ] && [ ! -x "$MCC" ]; then
  "$HARNESS" run "$results" ompss/mcc -- sh -c "echo 'skipped: $MCC has not been built'; exit 77"
  exit 0
fi

for src in "$@"; do
  name=$(name_of "$src")
  # shellcheck disable=SC2046
  build "$name" "$src" && run_all "$name" $(test_args "$name")
done

# Proofs that the checks can fail.
if build samples/cholesky-inject samples/cholesky/cholesky.c; then
  expect_failure samples/cholesky-inject $(test_args samples/cholesky) --inject-error
fi
if build samples/matmul-inject samples/matmul/matmul.c; then
  expect_failure samples/matmul-inject $(test_args samples/matmul) --inject-error
fi
if [ "$mode" = seq ]; then
  # Built as if by mcc (_OMPSS) but with the pragmas still ignored, the data-sharing tests
  # must see plain C sharing where they expect firstprivate copies, and fail.
  for t in sharing_implicit sharing_clauses; do
    if build "$t-as-ompss" "tests/ompss/$t.c" -D_OMPSS=1; then
      expect_failure "$t-as-ompss"
    fi
  done
fi

# The samples with CBLAS kernels, when a CBLAS is installed.
blas=$(cblas_flags)
if [ -n "$blas" ]; then
  for s in cholesky matmul; do
    # shellcheck disable=SC2086
    build "samples/$s-cblas" "samples/$s/$s.c" $blas && run_all "samples/$s-cblas" $(test_args "samples/$s")
  done
fi
exit 0
