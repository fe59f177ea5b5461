#!/bin/sh
# model_file.sh MODE PERSIST_BINARY [VIEWER] - the --perf-model-dir file is untrusted input
# (issue 16): bad lines are dropped with one warning naming the file, the good ones are
# used, a file that never ends or is huge is read with a bound, and the file is rewritten
# clean at exit (checked by check_model.py, written from the format's description).
#
#   bad-lines    NaN, infinities, negative, absurd times, malformed and repeated lines
#   fifo         the model path is a FIFO (opening it for reading would block)
#   device       the model path is a link to /dev/zero (a file that never ends)
#   huge         a 20 MiB file: read up to the bound, the rest named in the warning
#   version      a header of another format version, and a file without a header
#   viewer       nanort-perfmodel on a stored model: the table, and a bad file's warning
set -u
mode=$1; bin=$2; viewer=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
model=$dir/nanort-perf-$(uname -n).txt
header='# nanort performance model, format 1'
T=$(printf '\t')

# run: the program with the model directory, under a time limit; its stderr in $dir/err.
run() {
  NX_ARGS="--smp-workers=2 --perf-model-dir=$dir" timeout 60 "$bin" > "$dir/out" 2> "$dir/err"
  st=$?
  cat "$dir/out" "$dir/err"
  [ $st = 124 ] && fail "the run did not end within 60 s (blocked reading the model?)"
  [ $st = 0 ] || fail "the run failed (exit $st)"
}
# one_warning PATTERN: exactly one line of stderr mentions the model, and it matches.
one_warning() {
  n=$(grep -c "performance model" "$dir/err")
  [ "$n" = 1 ] || fail "$n warnings about the model, expected one"
  grep -q "^nanort: warning: the performance model $model" "$dir/err" \
    || fail "the warning does not name the file $model"
  grep "performance model" "$dir/err" | grep -q -- "$1" || fail "the warning does not say '$1'"
}
clean() {
  [ -f "$model" ] && [ ! -L "$model" ] || fail "the model was not rewritten as a regular file"
  python3 "$here/check_model.py" "$model" || fail "the rewritten model is not clean"
}

case "$mode" in
bad-lines)
  # Good records for both versions (slow 300 us, fast 30 us) among bad ones: the run must
  # use them (it never tries the slow version) and drop the rest.
  {
    echo "$header"
    printf 'other%simpl%ssmp%s1%s5%snan%s100\n' "$T" "$T" "$T" "$T" "$T" "$T"
    printf 'persisted%sslow%ssmp%s1%s9%s300000%s300100%s300050\n' "$T" "$T" "$T" "$T" "$T" "$T" "$T"
    printf 'other%simpl%ssmp%s2%s5%sinf\n' "$T" "$T" "$T" "$T" "$T"
    printf 'other%simpl%ssmp%s3%s5%s-5\n' "$T" "$T" "$T" "$T" "$T"
    printf 'other%simpl%ssmp%s4%s5%s1e300\n' "$T" "$T" "$T" "$T" "$T"
    printf 'other%simpl%ssmp%s5%s5%s12abc\n' "$T" "$T" "$T" "$T" "$T"
    printf 'persisted%sfast%ssmp%s1%s9%s30000%s30010%s29990\n' "$T" "$T" "$T" "$T" "$T" "$T" "$T"
    printf 'persisted%sfast%ssmp%s1%s9%s1%s1%s1\n' "$T" "$T" "$T" "$T" "$T" "$T" "$T"
    printf 'only%sthree%sfields\n' "$T" "$T"
    printf 'other%simpl%ssmp%s99%s5%s100\n' "$T" "$T" "$T" "$T" "$T"
    printf 'other%simpl%ssmp%s6%s5%s100%s\n' "$T" "$T" "$T" "$T" "$T" "$T"
    printf 'x%.5000d\n' 0
  } > "$model"
  run
  one_warning "10 bad lines dropped"
  grep -q "slow=0 " "$dir/out" || fail "the good records were not used (the slow version was tried)"
  clean
  grep -q "^other" "$model" && fail "a dropped record came back"
  grep -q "^persisted${T}fast${T}smp${T}1${T}" "$model" || fail "the good record was lost"
  echo ok ;;
fifo)
  mkfifo "$model" || { echo "skipped: mkfifo failed"; exit 77; }
  run
  one_warning "not a regular file"
  clean; echo ok ;;
device)
  ln -s /dev/zero "$model"
  run
  one_warning "not a regular file"
  clean; echo ok ;;
huge)
  python3 - "$model" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    f.write("# nanort performance model, format 1\n")
    line = "persisted\tfast\tsmp\t%d\t9\t30000\n"
    n = 0
    while f.tell() < 20 << 20:
        f.write("pad%d\tfast\tsmp\t1\t9\t30000\n" % n)
        n += 1
PY
  run
  one_warning "larger than 16 MiB"
  clean
  [ "$(wc -c < "$model")" -lt $((17 << 20)) ] || fail "the rewritten model grew past the bound"
  echo ok ;;
version)
  printf '# nanort performance model, format 2\npersisted\tfast\tsmp\t1\t9\t30000\n' > "$model"
  run
  one_warning "not 1"
  clean
  printf 'persisted\tfast\tsmp\t1\t9\t30000\n' > "$model"
  run
  one_warning "no '# nanort performance model, format N' header"
  clean; echo ok ;;
viewer)
  [ -x "$viewer" ] || fail "no viewer $viewer"
  "$viewer" "$here/model_stored.txt" > "$dir/table" 2> "$dir/err" || fail "the viewer failed"
  cat "$dir/table" "$dir/err"
  sed "s|^$here/||" "$dir/table" | diff -u "$here/model_stored.expected" - \
    || fail "the table differs from model_stored.expected"
  [ -s "$dir/err" ] && fail "warnings on a clean model"
  # a directory stands for its model files; -l keeps one label
  cp "$here/model_stored.txt" "$dir/nanort-perf-a.txt"
  "$viewer" -l potrf "$dir" > "$dir/table" || fail "the viewer failed on a directory"
  [ "$(grep -c '^  potrf ' "$dir/table")" = 2 ] || fail "-l potrf did not keep its 2 rows"
  grep -q '^  gemm' "$dir/table" && fail "-l potrf kept another label"
  # a bad line: one warning, the other rows still shown
  { cat "$here/model_stored.txt"; printf 'bad\tline\n'; } > "$dir/bad.txt"
  "$viewer" "$dir/bad.txt" > "$dir/table" 2> "$dir/err" || fail "the viewer failed on a bad line"
  [ "$(wc -l < "$dir/err")" = 1 ] && grep -q "1 bad line dropped" "$dir/err" \
    || fail "no single warning about the bad line"
  [ "$(grep -c '^  [a-z]' "$dir/table")" = "$(grep -c '^  [a-z]' "$here/model_stored.expected")" ] \
    || fail "rows were lost"
  "$viewer" "$dir/none" 2> "$dir/err" && fail "a missing file did not fail"
  echo ok ;;
*) echo "model_file.sh: unknown mode $mode"; exit 2 ;;
esac
