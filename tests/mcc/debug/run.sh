#!/usr/bin/env bash
# What users see of tasks in their tools (issue 22), run from the repository root:
#
#   run.sh breakpoints SRC  a breakpoint on every line of SRC (built by mcc -g -O0) lands
#                           where it lands in SRC built by plain gcc (breakpoints.py)
#   run.sh gdb CASE         gdb stops on a task-body line of tasks.c in the function that
#                           runs it, prints the captured variables under their own names,
#                           and `next` walks the body's lines (session.py CASE)
#   run.sh diag CASE.c      the errors and warnings gcc reports for diag/CASE.c built by mcc
#                           (-Wall -Wextra) are those of the same file built by plain gcc:
#                           same file:line:col and message, nothing from generated code
#   run.sh asan N           AddressSanitizer's report of the overflow in asan.c's task N
#                           names the body's line in the function that runs it
#   run.sh names            inline tasks are named by label(...) or by file:line of their
#                           pragma in --summary, --trace and --graph and in a crash message;
#                           function tasks by their function
# Exit 77 (skipped) when mcc has not been built, or gdb or ASan is not available.
# Environment: BUILD, MCC.
set -u
mode=$1
. tests/mcc/lib.sh
mcc_require
mcc=$(readlink -f "$MCC")
dir=tests/mcc/debug
work=$(readlink -f "$BUILD")/tests/mcc/debug
mkdir -p "$work"
lib=$(readlink -f "$BUILD")/lib

line_of() { grep -n "@$2 " "$1" | head -n 1 | cut -d: -f1; }
need_gdb() { command -v gdb > /dev/null || { echo "skipped: gdb is not installed"; exit 77; }; }

# tasks.c built by mcc -g -O0 (once for the gdb cases)
tasks_bin() {
  local bin=$work/tasks
  if [ ! "$bin" -nt $dir/tasks.c ] || [ ! "$bin" -nt "$mcc" ]; then
    rm -f "$bin"
    "$mcc" -g -O0 $dir/tasks.c -o "$bin" || { echo "mcc failed on tasks.c"; exit 1; }
  fi
  echo "$bin"
}

case $mode in
breakpoints)
  need_gdb
  src=$2 name=$(basename "$2" .c)
  seq=$work/bp-$name.seq bin=$work/bp-$name.mcc
  rm -f "$seq" "$bin"
  gcc -g -O0 -w -Itests/ompss -Imcc/include -Iinclude "$src" -o "$seq" -L"$lib" -lnanort \
    -Wl,-rpath,"$lib" -lpthread -ldl -lm || { echo "gcc failed on $src"; exit 1; }
  "$mcc" -g -O0 -w -Itests/ompss "$src" -o "$bin" -lm || { echo "mcc failed on $src"; exit 1; }
  python3 $dir/breakpoints.py "$src" "$seq" "$bin" ;;
gdb)
  need_gdb
  bin=$(tasks_bin) || exit 1
  out=$(CASE=$2 SRC=$dir/tasks.c timeout 120 gdb -batch -nx -x $dir/session.py "$bin" 2>&1)
  echo "$out"
  echo "$out" | grep -q "^ok $2\$" ;;
diag)
  src=$2 name=$(basename "$2" .c)
  pattern='^[^ ]+:[0-9]+:[0-9]+: (error|warning): '
  (cd "$(dirname "$src")" &&
    gcc -Wall -Wextra -Wno-unknown-pragmas -c "$name.c" -o /dev/null 2> "$work/$name.gcc.log"
    "$mcc" -Wall -Wextra -c "$name.c" -o /dev/null 2> "$work/$name.mcc.log")
  grep -E "$pattern" "$work/$name.gcc.log" | sort > "$work/$name.gcc"
  grep -E "$pattern" "$work/$name.mcc.log" | sort > "$work/$name.mcc"
  cat "$work/$name.mcc.log"
  [ -s "$work/$name.gcc" ] || { echo "gcc reported nothing: the case is broken"; exit 1; }
  diff -u "$work/$name.gcc" "$work/$name.mcc" ;;
asan)
  bin=$work/asan
  if [ ! "$bin" -nt $dir/asan.c ] || [ ! "$bin" -nt "$mcc" ]; then
    rm -f "$bin"
    if ! echo 'int main(void){return 0;}' | gcc -fsanitize=address -x c - -o "$work/asan-probe" 2>/dev/null; then
      echo "skipped: gcc cannot link -fsanitize=address here"; exit 77
    fi
    "$mcc" -g -O0 -fsanitize=address $dir/asan.c -o "$bin" || { echo "mcc failed on asan.c"; exit 1; }
  fi
  line=$(line_of $dir/asan.c "overflow_$2")
  NX_ARGS=--smp-workers=1 ASAN_OPTIONS=detect_leaks=0 "$bin" "$2" > "$work/asan.$2.log" 2>&1
  st=$?
  cat "$work/asan.$2.log"
  [ $st != 0 ] || { echo "the overflow was not reported"; exit 1; }
  frame=$(grep -m1 -E '^ +#0 ' "$work/asan.$2.log")
  echo "$frame" | grep -qE " in main__nrt_task[0-9]+ .*asan\.c:$line\$" ||
    { echo "frame #0 should be the task body's line asan.c:$line"; exit 1; } ;;
names)
  bin=$(tasks_bin) || exit 1
  NX_ARGS="--smp-workers=2 --summary --trace=$work/names.json --graph=$work/names.dot" \
    "$bin" > "$work/names.out" 2> "$work/names.summary" || { echo "tasks failed"; exit 1; }
  cat "$work/names.summary"
  st=0
  for tag in inline_pragma loop_pragma fib_pragma; do
    want="tasks.c:$(line_of $dir/tasks.c $tag)"
    grep -qE "^  $want +[a-z]+__nrt_task[0-9]+ " "$work/names.summary" ||
      { echo "summary: no task named $want"; st=1; }
    grep -q "\"name\":\"$want\"" "$work/names.json" || { echo "trace: no task named $want"; st=1; }
    grep -qE "label=\"$want( #[0-9]+)?\"" "$work/names.dot" || { echo "graph: no task named $want"; st=1; }
  done
  for want in add bump; do
    grep -qE "^  $want " "$work/names.summary" || { echo "summary: no task named $want"; st=1; }
  done
  if grep -qE "^  (main|scale|fib|total) " "$work/names.summary"; then
    echo "summary: an inline task named after its function"; st=1
  fi
  # a crash report names the task the same way
  cat > "$work/crash.c" <<'EOC'
int main(void)
{
    int *volatile p = 0;
    #pragma omp task firstprivate(p)
    *p = 1;
    #pragma omp taskwait
    return 0;
}
EOC
  "$mcc" -g -O0 "$work/crash.c" -o "$work/crash" || { echo "mcc failed on crash.c"; exit 1; }
  NX_ARGS=--smp-workers=1 "$work/crash" > "$work/crash.log" 2>&1
  cat "$work/crash.log"
  grep -q "task 'crash.c:4'" "$work/crash.log" || { echo "crash report: no task 'crash.c:4'"; st=1; }
  # addr2line on the backtrace's frames (as the report says): the body's line, and main's
  # frame on the taskwait's line, not the line after it (a return address)
  if command -v addr2line > /dev/null; then
    grep -o '/crash(+0x[0-9a-f]*)' "$work/crash.log" | sed 's/.*(+\(.*\))/\1/' |
      xargs -r addr2line -f -e "$work/crash" | paste - - > "$work/crash.lines"
    cat "$work/crash.lines"
    grep -qE '^main__nrt_task[0-9]+	.*crash\.c:5' "$work/crash.lines" ||
      { echo "backtrace: no frame of the task body at crash.c:5"; st=1; }
    grep -qE '^main	.*crash\.c:6( |$)' "$work/crash.lines" ||
      { echo "backtrace: main's frame is not at the taskwait, crash.c:6"; st=1; }
  fi
  # a file whose name has a `"` or a `\` (an OmpSs-2 one: the driver's #line for
  # `#pragma oss`): no warning from the generated code, the task named by the file's name
  for name in 'q"uote' 'back\slash'; do
    printf '%s\n' 'int main(void)' '{' '    int x = 0;' '    #pragma oss task inout(x)' \
      '    x++;' '    #pragma oss taskwait' '    return x - 1;' '}' > "$work/$name.c"
    (cd "$work" && "$mcc" -Wall "$name.c" -o named 2> named.log) || { echo "mcc failed on $name.c"; st=1; }
    cat "$work/named.log"
    [ ! -s "$work/named.log" ] || { echo "mcc $name.c: warnings"; st=1; }
    NX_ARGS="--smp-workers=1 --summary" "$work/named" 2> "$work/named.summary" ||
      { echo "$name failed"; st=1; }
    cat "$work/named.summary"
    grep -qF "  $name.c:4 " "$work/named.summary" || { echo "summary: no task named $name.c:4"; st=1; }
  done
  exit $st ;;
*) echo "usage: $0 breakpoints SRC | gdb CASE | diag CASE.c | asan N | names" >&2; exit 2 ;;
esac
