# bench/lib.sh - what bench/final/run.sh and bench/sync/run.sh share (sourced).

# median: the median of the numbers on stdin (blank-separated; the mean of the middle two
# for an even count).
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

# check_table FILE ROWS FIRST: FILE's markdown table has ROWS data rows, and each cell from
# the FIRST-th on holds a number (with its ratio in parentheses) or nothing: not "missing"
# (a median the script could not compute), "failed", "n/a" or nan.
check_table() {
  awk -v want="$2" -v first="$3" -F'|' '
    /^\|/ && !/^\|---/ { rows++; if (rows == 1) next   # the header
      for (i = first + 1; i < NF; i++) {
        c = $i; gsub(/^ +| +$/, "", c)
        if (c == "" ) continue
        if (c !~ /^[0-9]+\.[0-9]+( \([0-9]+\.[0-9]+\))?$/) {
          printf "check_table: row %d, column %d: \"%s\"\n", rows - 1, i - 1, c; bad = 1
        }
      }
    }
    END { if (rows - 1 != want) { printf "check_table: %d rows, %d wanted\n", rows - 1, want; bad = 1 }
          exit bad }' "$1"
}
