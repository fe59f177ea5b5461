#!/usr/bin/env bash
# The test harness every check target goes through, so that `make check` can print one
# total at the end whatever failed on the way.
#
#   harness.sh run     RESULTS NAME -- CMD...   one test: exit 0 pass, 77 skipped, else fail
#   harness.sh check   RESULTS NAME -- CMD...   a Check suite: its own summary line gives the counts
#   harness.sh summary RESULTS [MAKE_STATUS]    print the totals; exit 1 when anything failed
#
# Every test runs under `timeout` (HARNESS_TIMEOUT seconds, default 600) so a hang fails.
set -u
mode=$1; results=$2; shift 2
mkdir -p "$results"
to=${HARNESS_TIMEOUT:-600}

# One line per test: name passed failed skipped (a name's blanks become '_': the summary
# splits lines on blanks).
record() { printf '%s %s %s %s\n' "$(printf '%s' "$1" | tr ' \t' '__')" "$2" "$3" "$4" >> "$results/results.txt"; }

case "$mode" in
run)
  name=$1; shift; [ "${1:-}" = "--" ] && shift
  log="$results/$(echo "$name" | tr '/ ' '__').log"
  timeout -k 5 "$to" "$@" > "$log" 2>&1; st=$?
  if [ $st = 0 ]; then echo "PASS: $name"; record "$name" 1 0 0
  elif [ $st = 77 ]; then echo "SKIP: $name ($(tail -n 1 "$log"))"; record "$name" 0 0 1
  else
    [ $st = 124 ] && echo "timed out after ${to}s" >> "$log"
    echo "FAIL: $name (exit $st)"; tail -n 30 "$log" | sed 's/^/    /'; record "$name" 0 1 0
  fi
  exit 0 ;;
check)
  name=$1; shift; [ "${1:-}" = "--" ] && shift
  log="$results/$(echo "$name" | tr '/ ' '__').log"
  timeout -k 5 "$to" "$@" > "$log" 2>&1; st=$?
  line=$(grep -E '^[0-9]+%: Checks: [0-9]+, Failures: [0-9]+, Errors: [0-9]+' "$log" | tail -n 1)
  if [ -n "$line" ]; then
    n=$(echo "$line" | sed -E 's/.*Checks: ([0-9]+).*/\1/')
    f=$(echo "$line" | sed -E 's/.*Failures: ([0-9]+).*/\1/')
    e=$(echo "$line" | sed -E 's/.*Errors: ([0-9]+).*/\1/')
    echo "$name: $line"
    bad=$((f + e))
    if [ $bad -gt 0 ] || [ $st != 0 ]; then
      grep -E ':(F|E):' "$log" | head -n 40 | sed 's/^/    /'
      [ $bad = 0 ] && bad=1
    fi
    record "$name" $((n - f - e)) $bad 0
  else
    [ $st = 124 ] && echo "timed out after ${to}s" >> "$log"
    echo "FAIL: $name (exit $st, no Check summary)"; tail -n 30 "$log" | sed 's/^/    /'
    record "$name" 0 1 0
  fi
  exit 0 ;;
summary)
  mst=${1:-0}
  p=0; f=0; s=0
  if [ -f "$results/results.txt" ]; then
    read -r p f s < <(awk '{p+=$2; f+=$3; s+=$4} END {print p+0, f+0, s+0}' "$results/results.txt")
  fi
  # Repeat what failed, with the end of its log, last: a CI that keeps only the tail of the
  # output still says which test failed and how.
  if [ -f "$results/results.txt" ]; then
    awk '$3 > 0 {print $1}' "$results/results.txt" | while read -r name; do
      echo "failed: $name"
      log="$results/$(echo "$name" | tr '/ ' '__').log"
      [ -f "$log" ] && tail -n 15 "$log" | sed 's/^/    /'
    done
  fi
  if [ "$mst" != 0 ]; then echo "a build step failed (make exit $mst): counted as one failure"; f=$((f + 1)); fi
  echo "total: $p passed, $f failed, $s skipped"
  [ $f = 0 ] ;;
*) echo "harness.sh: unknown mode $mode" >&2; exit 2 ;;
esac
