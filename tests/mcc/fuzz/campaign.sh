#!/usr/bin/env bash
# The long fuzzing campaign of `make fuzz` (tests/mcc/fuzz/README.md): SECONDS split between
#   translate  libFuzzer on fuzz_translate: lexer, parser, pragma analysis, clause checks
#              and rewriter on one preprocessed unit (crashes, sanitizer reports, leaks,
#              inputs over 10 s)                                      40% of the time
#   pragma     libFuzzer on fuzz_pragma: the pragma lexer and parser  15%
#   mutants    tests/mcc/fuzz/mutants.py: OmpSs programs with mutated pragmas (pragmas moved
#              to unbraced bodies, struct bodies, labels, case, file scope...) through
#              `mcc -y`, and gcc on every output mcc accepts            45%
# A libFuzzer run that finds a failing input is restarted for the time left (the input is
# kept under build/fuzz/artifacts/), so that one bug does not end the campaign.
#
#   tests/mcc/fuzz/campaign.sh SECONDS [SEED]
#
# Prints, per part and in total: cases run, crashes (and hangs), accepted-broken outputs.
# Exit 0 when all are zero, 1 otherwise, 77 when the fuzzers were not built (clang).
# Environment: BUILD (default build), MCC.  Run it niced on a shared machine.
set -u
secs=${1:?usage: campaign.sh SECONDS [SEED]}
seed=${2:-$(date +%s)}
BUILD=${BUILD:-build}
dir=$BUILD/fuzz
log=$dir/campaign
mkdir -p "$log" "$dir/artifacts"
for b in fuzz_translate fuzz_pragma; do
  [ -x "$dir/$b" ] || { echo "skipped: $dir/$b has not been built (needs clang)"; exit 77; }
done

# libfuzz NAME BIN SECONDS CORPUS SEEDS...: fuzz until SECONDS have passed, restarting after
# each failing input; prints "NAME CASES CRASHES".
libfuzz() {
  local name=$1 bin=$2 left=$3 corpus=$4 cases=0 crashes=0 t0 st n; shift 4
  mkdir -p "$corpus"
  while [ "$left" -gt 0 ]; do
    t0=$(date +%s)
    "$bin" -max_total_time="$left" -rss_limit_mb=2048 -timeout=10 -max_len="${FUZZ_MAX_LEN:-16384}" \
           -dict=tests/mcc/fuzz/c.dict -print_final_stats=1 -seed=$((seed + crashes)) \
           -artifact_prefix="$dir/artifacts/" "$corpus" "$@" > "$log/$name.$crashes.log" 2>&1
    st=$?
    n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log/$name.$crashes.log" | tail -n 1)
    if [ -z "$n" ]; then      # a crash ends the run before the final stats
      n=$(grep -oE '^#[0-9]+' "$log/$name.$crashes.log" | tail -n 1 | tr -d '#')
    fi
    cases=$((cases + ${n:-0}))
    if [ $st != 0 ]; then
      crashes=$((crashes + 1))
      echo "$name: failing input (exit $st), see $log/$name.$((crashes - 1)).log:" >&2
      grep -m3 -E 'ERROR|SUMMARY|Test unit written' "$log/$name.$((crashes - 1)).log" >&2
    fi
    left=$((left - ($(date +%s) - t0)))
    [ $st = 0 ] && break
  done
  echo "$name $cases $crashes"
}

programs="$(ls tests/ompss/*.c | grep -v pragma_lint) $(ls samples/*/*.c tests/mcc/lower/*.c tests/ompss/ported/*.c 2> /dev/null)"
tests/mcc/fuzz/fuzz.sh pragma-seeds "$dir/pragma-seeds" > /dev/null
t_translate=$((secs * 40 / 100)) t_pragma=$((secs * 15 / 100))
t_mutants=$((secs - t_translate - t_pragma))
echo "campaign: $secs s, seed $seed, $(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg)"
r1=$(libfuzz translate "$dir/fuzz_translate" "$t_translate" "$dir/corpus-long" "$dir/seeds")
r2=$(libfuzz pragma "$dir/fuzz_pragma" "$t_pragma" "$dir/corpus-pragma" "$dir/pragma-seeds")
MCC=${MCC:-$BUILD/bin/mcc} tests/mcc/fuzz/mutants.py --seconds "$t_mutants" --seed "$seed" \
  --work "$dir/mutants-work" --keep "$dir/mutants-bad" $programs > "$log/mutants.log" 2>&1
sed -n '/^mutants:/,$p' "$log/mutants.log" | head -n 40
m=$(sed -n 's/^mutants: \([0-9]*\) cases.* \([0-9]*\) accepted-broken.* \([0-9]*\) crashes, \([0-9]*\) hangs$/\1 \2 \3 \4/p' "$log/mutants.log")
read -r mc mb mcr mh <<< "${m:-0 0 0 0}"
read -r _ c1 x1 <<< "$r1"
read -r _ c2 x2 <<< "$r2"
echo "translate (libFuzzer, ${t_translate} s): $c1 cases, $x1 failing inputs"
echo "pragma    (libFuzzer, ${t_pragma} s): $c2 cases, $x2 failing inputs"
echo "mutants   (mcc + gcc, ${t_mutants} s): $mc cases, $((mcr + mh)) crashes or hangs, $mb accepted-broken"
total_bad=$((x1 + x2 + mcr + mh + mb))
echo "total: $((c1 + c2 + mc)) cases, $((x1 + x2 + mcr + mh)) crashes, $mb accepted-broken outputs"
if [ $total_bad != 0 ]; then
  echo "FAIL: failing inputs are under $dir/artifacts/ and $dir/mutants-bad/:"
  echo "      make each a regression test (tests/mcc/fuzz/regress/, tests/ompss/diag/) and fix it"
  exit 1
fi
exit 0
