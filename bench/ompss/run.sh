#!/usr/bin/env bash
# bench/ompss/run.sh BINDIR OUT.md - the OmpSs application benchmarks (README.md here).
#
# For cholesky and matmul, at several tile sizes, runs side by side (A B C D A B C D ...,
# so that machine noise hits all alike) the sequential program, our mcc + nanort build,
# and the same program written with OpenMP depend clauses on gcc/libgomp and
# clang/libomp; prints the medians as markdown and writes them to OUT.md, with the
# compile-time overhead of mcc against plain gcc on the same sources.
#
# Knobs: ROUNDS (5), WORKERS (2), CHOL_N (2048), CHOL_TILES (64 128 256), MM_N (1024),
# MM_TILES (64 128 256), COMPILE_ROUNDS (5), MCC (build/bin/mcc), MCC_PREBUILT (1: use the
# BINDIR/APP-mcc binaries already there, for a machine without gcc/mcc's tools; no compile
# table), PIN (a taskset core list, e.g. 2,3: every run pinned there).
set -u
bindir=$1 out=$2
BUILD=${BUILD:-build}
MCC=${MCC:-$BUILD/bin/mcc}
ROUNDS=${ROUNDS:-5}
WORKERS=${WORKERS:-2}
COMPILE_ROUNDS=${COMPILE_ROUNDS:-5}
declare -A N=([cholesky]=${CHOL_N:-2048} [matmul]=${MM_N:-1024})
declare -A TILES=([cholesky]=${CHOL_TILES:-64 128 256} [matmul]=${MM_TILES:-64 128 256})
apps="cholesky matmul"
variants="seq mcc libgomp libomp"
declare -A label=([seq]="sequential" [mcc]="mcc + nanort" [libgomp]="gcc/libgomp" [libomp]="clang/libomp")
declare -A times  # [app/tile/variant] = "t1 t2 ..."
declare -A status # [app/variant] = why there is no figure
mkdir -p "$bindir/mcc-work"

# ---- our column: build with mcc, but only count it when mcc really lowered the tasks ----
mcc_lowering() {  # app: 0 when the translated C creates nanort tasks
  local app=$1 src=samples/$1/$1.c
  if [ -n "${MCC_PREBUILT:-}" ]; then
    [ -x "$bindir/$app-mcc" ] || { status[$app/mcc]="no prebuilt $bindir/$app-mcc"; return 1; }
    return 0
  fi
  [ -x "$MCC" ] || { status[$app/mcc]="mcc not built"; return 1; }
  if ! "$MCC" --ompss -O2 -y "$src" -o "$bindir/mcc-work/$app.mcc.c" > "$bindir/mcc-work/$app.log" 2>&1 \
     || ! grep -q 'nanort_task_submit' "$bindir/mcc-work/$app.mcc.c"; then
    status[$app/mcc]="mcc lowering not available"
    return 1
  fi
  # the tile kernels: bench/ompss/kernels.o, the machine code the other variants run
  if ! "$MCC" --ompss -O2 -DTILE_KERNELS_EXTERN "$src" "$bindir/kernels.o" -o "$bindir/$app-mcc" -lm \
       >> "$bindir/mcc-work/$app.log" 2>&1; then
    status[$app/mcc]="mcc build failed (see $bindir/mcc-work/$app.log)"
    return 1
  fi
}

pin=()
[ -n "${PIN:-}" ] && pin=(taskset -c "$PIN")
[ -n "${PIN:-}" ] && export STARPU_WORKERS_CPUID="${PIN//,/ }"
[ -n "${MCC_PREBUILT:-}" ] && COMPILE_ROUNDS=0
for app in $apps; do
  [ -n "${MCC_PREBUILT:-}" ] || rm -f "$bindir/$app-mcc"
  mcc_lowering "$app"
  for v in seq libgomp libomp; do
    [ -x "$bindir/$app-$v" ] || status[$app/$v]="not built"
  done
done

# run_one app variant tile: append the time of one run, or record why it failed.
run_one() {
  local app=$1 v=$2 ts=$3 o t
  [ -n "${status[$app/$v]:-}" ] && return
  o=$(NX_ARGS="--smp-workers=$([ "$v" = seq ] && echo 1 || echo "$WORKERS")" OMP_NUM_THREADS=$WORKERS \
      "${pin[@]}" "$bindir/$app-$v" "${N[$app]}" "$ts" 2>&1)
  if [ $? != 0 ] || ! grep -q '^result: OK' <<< "$o"; then
    status[$app/$v]="wrong result or crash at tile $ts"
    return
  fi
  t=$(sed -n 's/^time: \([0-9.]*\) s.*/\1/p' <<< "$o")
  times[$app/$ts/$v]="${times[$app/$ts/$v]:-} $t"
}

median() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR]=$1} END {if (NR) print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

for r in $(seq "$ROUNDS"); do
  echo "round $r/$ROUNDS" >&2
  for app in $apps; do
    for ts in ${TILES[$app]}; do
      for v in $variants; do run_one "$app" "$v" "$ts"; done
    done
  done
done

# ---- compile time: mcc --ompss -O2 -c against gcc -O2 -c on the same sources ------------
now() { date +%s.%N; }
compile_median() {  # command...: median wall time over COMPILE_ROUNDS runs
  local s e ts=""
  for _ in $(seq "$COMPILE_ROUNDS"); do
    s=$(now); "$@" > /dev/null 2>&1 || { echo fail; return; }; e=$(now)
    ts="$ts $(awk -v s="$s" -v e="$e" 'BEGIN {print e - s}')"
  done
  echo "$ts" | median
}

fmt() { [ -n "$1" ] && printf '%.3f' "$1" || printf 'n/a'; }
ratio() { [ -n "$1" ] && [ -n "$2" ] && awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}' || printf 'n/a'; }
less() { awk -v a="$1" -v b="$2" 'BEGIN {exit !(a < b)}'; }

{
  echo "# OmpSs application benchmarks (bench/ompss)"
  echo
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')),"
  echo "$WORKERS workers (NX_ARGS=--smp-workers=$WORKERS, OMP_NUM_THREADS=$WORKERS), median of $ROUNDS rounds,"
  echo "runs alternated (A B C D A B C D ...). Times in seconds of the factorisation/product only."
  echo "speedup = sequential / variant; nanort / best OpenMP below 1.00 means nanort is faster."
  for app in $apps; do
    echo
    echo "## $app, N = ${N[$app]}"
    echo
    for v in $variants; do
      [ -n "${status[$app/$v]:-}" ] && echo "- ${label[$v]}: ${status[$app/$v]}"
    done
    echo
    echo "| tile | sequential | mcc + nanort | gcc/libgomp | clang/libomp | nanort speedup | libgomp speedup | libomp speedup | nanort / best OpenMP |"
    echo "|---|---|---|---|---|---|---|---|---|"
    for ts in ${TILES[$app]}; do
      declare -A m=()
      for v in $variants; do m[$v]=$(echo "${times[$app/$ts/$v]:-}" | median); done
      best=${m[libgomp]}
      if [ -n "${m[libomp]}" ] && { [ -z "$best" ] || less "${m[libomp]}" "$best"; }; then
        best=${m[libomp]}
      fi
      mcc_cell=$(fmt "${m[mcc]}")
      [ -z "${m[mcc]}" ] && [ -n "${status[$app/mcc]:-}" ] && mcc_cell="${status[$app/mcc]}"
      echo "| $ts | $(fmt "${m[seq]}") | $mcc_cell | $(fmt "${m[libgomp]}") | $(fmt "${m[libomp]}") |" \
           "$(ratio "${m[seq]}" "${m[mcc]}") | $(ratio "${m[seq]}" "${m[libgomp]}") |" \
           "$(ratio "${m[seq]}" "${m[libomp]}") | $(ratio "${m[mcc]}" "$best") |"
      unset m
    done
  done
  echo
  [ -n "${PIN:-}" ] && echo "Every run pinned to cores $PIN (taskset)." && echo
  echo "## Compile time (median of $COMPILE_ROUNDS, -O2 -c, one source file)"
  echo
  if [ "$COMPILE_ROUNDS" = 0 ]; then
    echo "Not measured in this run (MCC_PREBUILT)."
  elif [ -x "$MCC" ]; then
    note=
    grep -q 'lowering not available' <<< "${status[cholesky/mcc]:-}" \
      && note=" (mcc lowering not available: the mcc figure is the front end and native compile only)"
    echo "mcc: $MCC$note"
    echo
    echo "| program | gcc | mcc --ompss | mcc / gcc |"
    echo "|---|---|---|---|"
    for app in $apps; do
      g=$(compile_median gcc -std=gnu11 -O2 -Wno-unknown-pragmas -Imcc/include -c "samples/$app/$app.c" \
          -o "$bindir/mcc-work/$app-gcc.o")
      c=$(compile_median "$MCC" --ompss -O2 -c "samples/$app/$app.c" -o "$bindir/mcc-work/$app-mcc.o")
      [ "$g" = fail ] && g=
      [ "$c" = fail ] && c=
      echo "| samples/$app/$app.c | $(fmt "$g") | $(fmt "$c") | $(ratio "$c" "$g") |"
    done
  else
    echo "mcc not built: no compile-time figures."
  fi
} > "$out"
cat "$out"
