# bench/lib.sh - what bench/final/run.sh and bench/sync/run.sh share (sourced).

# median: the median of the numbers on stdin (blank-separated; the mean of the middle two
# for an even count).
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
