#!/usr/bin/env bash
# Drive the libFuzzer target build/fuzz/fuzz_translate (tests/mcc/fuzz/README.md).
#
#   tests/mcc/fuzz/fuzz.sh seeds  OUT                    build the seed corpus into OUT
#   tests/mcc/fuzz/fuzz.sh pragma-seeds OUT             the pragma lines of the OmpSs tests and
#                                                    samples, macros expanded, one per file
#   tests/mcc/fuzz/fuzz.sh replay BIN DIR...             run BIN once on every file in the DIRs
#   tests/mcc/fuzz/fuzz.sh run    BIN SECONDS WORK DIR...  fuzz for SECONDS, corpus in WORK, seeds in DIRs
#                             (inputs up to FUZZ_MAX_LEN bytes, default 16384: longer seeds are cut)
#
# Exit 0 when nothing crashed, leaked or hung; 1 otherwise; 77 when BIN was not built.
set -u
mode=$1; shift
case "$mode" in
seeds)
  out=$1; rm -rf "$out" && mkdir -p "$out"
  # The fuzzer sees what the driver hands mcc_translate: preprocessed text with linemarkers.
  for f in tests/mcc/cprog/*.c; do
    gcc -E -fopenmp -D_OMPSS=1 -std=gnu11 "$f" -o "$out/cprog_$(basename "$f" .c).i" || exit 1
    cp "$f" "$out/raw_$(basename "$f")"          # and unpreprocessed text: #include lines
  done
  for h in stddef.h stdarg.h stdint.h stdbool.h string.h stdlib.h stdio.h math.h; do
    printf '#include <%s>\n' "$h" | gcc -E -fopenmp -D_OMPSS=1 -x c - -o "$out/header_${h%.h}.i" || exit 1
  done
  cp tests/mcc/fuzz/seeds/* "$out/"
  echo "seeds: $(ls "$out" | wc -l) files in $out" ;;
pragma-seeds)
  out=$1; rm -rf "$out" && mkdir -p "$out"
  n=0
  for f in tests/ompss/*.c samples/*/*.c tests/mcc/lower/*.c; do
    gcc -E -fopenmp -D_OMPSS=1 -std=gnu11 -Itests/ompss -I"$(dirname "$f")" "$f" 2> /dev/null |
      grep '^#pragma omp' > "$out/all.tmp"
    while IFS= read -r line; do
      n=$((n + 1)); printf '%s' "$line" > "$out/pragma_$n"
    done < "$out/all.tmp"
  done
  sed -n 's/^source \(#pragma omp.*\)/\1/p' tests/mcc/pragma/diagnostics.txt > "$out/all.tmp"
  while IFS= read -r line; do
    n=$((n + 1)); printf '%s' "$line" > "$out/pragma_$n"
  done < "$out/all.tmp"
  rm -f "$out/all.tmp"
  echo "pragma seeds: $n files in $out" ;;
replay)
  bin=$1; shift
  [ -x "$bin" ] || { echo "skipped: $bin has not been built"; exit 77; }
  files=$(find "$@" -type f ! -name README.md 2> /dev/null | LC_ALL=C sort)
  [ -n "$files" ] || { echo "no inputs to replay"; exit 1; }
  n=0
  for f in $files; do
    n=$((n + 1))
    if ! "$bin" -timeout=10 -rss_limit_mb=2048 "$f" > "$bin.replay.log" 2>&1; then
      tail -n 30 "$bin.replay.log"; echo "FAIL: input $f"; exit 1
    fi
  done
  echo "replayed $n inputs: no crash, leak or timeout" ;;
run)
  bin=$1 secs=$2 work=$3; shift 3
  [ -x "$bin" ] || { echo "skipped: $bin has not been built"; exit 77; }
  mkdir -p "$work" "$(dirname "$work")/artifacts"
  "$bin" -max_total_time="$secs" -rss_limit_mb=2048 -timeout=10 -max_len="${FUZZ_MAX_LEN:-16384}" \
         -dict=tests/mcc/fuzz/c.dict -print_final_stats=1 \
         -artifact_prefix="$(dirname "$work")/artifacts/" "$work" "$@"; st=$?
  if [ $st = 72 ]; then
    echo "FAIL: the fuzzer was interrupted (exit 72)"; exit 1
  elif [ $st != 0 ]; then
    echo "FAIL: the fuzzer found a failing input (exit $st), saved under $(dirname "$work")/artifacts/;"
    echo "      copy it to tests/mcc/fuzz/regress/<what-it-hits> and fix the bug"
    exit 1
  fi ;;
*) echo "fuzz.sh: unknown mode $mode" >&2; exit 2 ;;
esac
