#!/usr/bin/env bash
# OmpSs programs whose OpenCL kernels mcc translates to C (tests/devices/opencl-cpu/NAME.c with
# NAME.cl), each checking its results against sequential C and printing digests of them.
#
#   run.sh build NAME          mcc --ompss NAME.c -> $BUILD/tests/devices/opencl-cpu/NAME (the
#                              build log kept beside it; rodinia with -D BLOCK_SIZE=16 in
#                              --opencl-build-opts, atomics2 with -cl-std=CL3.0)
#   run.sh run NAME MODE       run it (from an empty directory) under MODE:
#     translated   --opencl-cpu=on: every kernel task runs translated (the --summary shows
#                  their "(C)" implementations and no task on an OpenCL device)
#     same         translated, then on PoCL (--opencl-cpu=off, every task on OpenCL):
#                  both pass and print the same digests, and the same lines that kernels
#                  print ("kernel: ...", in any order) (skipped without an OpenCL device)
#     auto         the defaults: the runtime chooses (PoCL present or not)
#     disabled     --disable-opencl: the tasks still run, through the translation
#     noplatform   no OpenCL platform at all (an empty ICD directory): the same
#   run.sh diag                untranslatable.cl: the warning at the kernel's line, gcc's
#                              errors on a translation at the .cl's line and column, and
#                              --opencl-cpu=require making it an error; half_arith.cl's
#                              warnings; helpers holding barriers and work-group functions
#                              not inlined: why, at the call; -Werror makes inner_local's
#                              warning an error (the build fails)
#   run.sh misaligned          misaligned.c: a float4 buffer 8 bytes off, translated: a message
#                              and exit 1, not a crash; on PoCL it runs (skipped without it)
#   run.sh noshmem             noshmem.c: a __local parameter without shmem(...): a message
#                              and exit 1, translated and on PoCL, not a corrupted heap; a
#                              __global one passed a pointer no dependence names (-DALIAS):
#                              mcc's error naming it
#   run.sh includes            includes/cl/k.cl: the translation finds its #includes next
#                              to it and through the command's -I
#   run.sh versions            versions.c under --disable-opencl: most instances must run
#                              the translation, the faster of its two host versions
#   run.sh shapes              the C mcc makes of interchange.cl: its uniform loops as
#                              group-level C around the work-item loops, where they should be;
#                              of guards.cl: which kernels are free of their work-groups
# Environment: BUILD, MCC.  Exit 77 (skipped) where an OpenCL device is needed and absent.
set -u
mode=$1 name=${2:-}
BUILD=${BUILD:-build}
MCC=$(readlink -f "${MCC:-$BUILD/bin/mcc}")
here=$(cd "$(dirname "$0")" && pwd)
out=$(readlink -f "$BUILD")/tests/devices/opencl-cpu
mkdir -p "$out"
bin=$out/$name
fail() { echo "run.sh: $*"; exit 1; }

probe() {
  [ -x "$out/probe" ] && [ "$out/probe" -nt "$here/../../ompss/devices/probe.c" ] ||
    gcc -O1 -o "$out/probe" "$here/../../ompss/devices/probe.c" -ldl || exit 1
  "$out/probe" opencl > /dev/null
}

# run_in_tmp LOG ENV...: run $bin from an empty directory with ENV, output in LOG.
run_in_tmp() {
  local log=$1
  shift
  local dir
  dir=$(mktemp -d)
  (cd "$dir" && env "$@" "$bin") > "$log" 2>&1
  local st=$?
  rm -rf "$dir"
  cat "$log"
  [ $st = 0 ] || fail "the program failed (exit $st)"
  grep -q '^result: OK' "$log" || fail "no 'result: OK'"
}

# Tasks the OpenCL spaces ran, from the devices table of --summary.
opencl_tasks() {
  awk '/^devices \(/ { on = 1; next } /^[^ ]/ { on = 0 }
       on && $1 ~ /^opencl/ && NF >= 9 { n += $(NF - 7) } END { print n + 0 }' "$1"
}

# The implementations of the task table that are translated kernels, one per line.
translated_impls() {
  grep -o '[A-Za-z_0-9]*(C) ' "$1" | sort -u
}

# Write TEXT ($2, with \n escapes) to $out/NAME.cl ($1) and translate it alone (mcc -y): its
# messages in $log, shown.
translate_only() {
  printf '%b' "$2" > "$out/$1.cl"
  log=$out/$1.log
  "$MCC" -y "$out/$1.cl" -o "$out/$1.c" > "$log" 2>&1 || fail "mcc -y $1.cl failed"
  cat "$log"
}

case $mode in
build)
  rm -f "$bin"
  # rodinia.cl's block size comes from the build options, as Rodinia's hosts give it
  opts=()
  [ "$name" = rodinia ] && opts=(--opencl-build-opts="-D BLOCK_SIZE=16")
  # atomics2.cl's OpenCL C 2.0 atomics: PoCL has them in OpenCL C 3.0
  [ "$name" = atomics2 ] && opts=(--opencl-build-opts="-cl-std=CL3.0")
  # inner_local.cl is not OpenCL C 1.2: its warnings are expected (diag checks -Werror)
  [ "$name" = inner_local ] && opts=(-Wno-error)
  "$MCC" --ompss -O1 -Wall -Werror "${opts[@]}" -I"$here/../../ompss" -I"$here" "$here/$name.c" \
    -o "$bin" -lm > "$out/$name.build.log" 2>&1
  st=$?
  cat "$out/$name.build.log"
  exit $st
  ;;
run)
  [ -x "$bin" ] || fail "$bin was not built"
  log=$out/$name.$3.log
  # untranslatable's first kernel runs on OpenCL only
  if [ "$name" = untranslatable ] && ! probe; then echo "skipped: no OpenCL device"; exit 77; fi
  case $3 in
    translated)
      run_in_tmp "$log" NX_ARGS="--opencl-cpu=on --smp-workers=2 --summary"
      impls=$(translated_impls "$log")
      [ -n "$impls" ] || fail "no task ran a translated kernel"
      on_cl=$(opencl_tasks "$log")
      want_cl=0
      [ "$name" = untranslatable ] && want_cl=1   # rev_switch stays OpenCL-only
      [ "$on_cl" = "$want_cl" ] || fail "$on_cl tasks ran on OpenCL devices, expected $want_cl"
      # gpu_shapes' say: four work-items printf a line each
      [ "$name" != gpu_shapes ] || [ "$(grep -c '^kernel: item ' "$log")" = 4 ] ||
        fail "not the four lines the kernel prints"
      echo "run.sh: translated kernels: $(echo $impls)"
      ;;
    same)
      probe || { echo "skipped: no OpenCL device"; exit 77; }
      run_in_tmp "$log.c" NX_ARGS="--opencl-cpu=on --smp-workers=2"
      run_in_tmp "$log.cl" NX_ARGS="--opencl-cpu=off --dispatch=affinity --smp-workers=2 --summary"
      [ "$(translated_impls "$log.cl")" = "" ] || fail "translated kernels ran with --opencl-cpu=off"
      [ "$(opencl_tasks "$log.cl")" -gt 0 ] || fail "no task ran on OpenCL"
      diff <(grep '^digest' "$log.c") <(grep '^digest' "$log.cl") ||
        fail "the translation and PoCL give different results"
      diff <(grep '^kernel:' "$log.c" | sort) <(grep '^kernel:' "$log.cl" | sort) ||
        fail "the kernels print other lines translated and on PoCL"
      echo "run.sh: the same digests translated and on PoCL"
      ;;
    auto) run_in_tmp "$log" NX_ARGS="--smp-workers=2" ;;
    disabled)
      run_in_tmp "$log" NX_ARGS="--disable-opencl --smp-workers=2 --summary"
      [ -n "$(translated_impls "$log")" ] || fail "the tasks did not run translated"
      ;;
    noplatform)
      run_in_tmp "$log" OCL_ICD_VENDORS=/nonexistent NX_ARGS="--smp-workers=2 --summary"
      [ -n "$(translated_impls "$log")" ] || fail "the tasks did not run translated"
      ;;
    *) fail "unknown mode $3" ;;
  esac
  ;;
diag)
  # the warning, at the switch of untranslatable.cl line 10, when it was built
  grep -q "untranslatable.cl:10:5: warning: kernel 'rev_switch' cannot be translated to C: a barrier inside a switch; its tasks keep only their OpenCL implementation" \
    "$out/untranslatable.build.log" || fail "no warning at untranslatable.cl:10:5 in the build log"
  grep -q "plain" "$out/untranslatable.build.log" && fail "a warning about the translatable kernel"
  # --opencl-cpu=require: an error, no program
  log=$out/untranslatable.require.log
  rm -f "$out/untranslatable.require"
  "$MCC" --ompss -O1 --opencl-cpu=require -I"$here/../../ompss" -I"$here" "$here/untranslatable.c" \
    -o "$out/untranslatable.require" -lm > "$log" 2>&1 && fail "the build with --opencl-cpu=require succeeded"
  cat "$log"
  grep -q "untranslatable.cl:10:5: error: kernel 'rev_switch' cannot be translated to C" "$log" ||
    fail "no error at untranslatable.cl:10:5"
  [ ! -e "$out/untranslatable.require" ] || fail "a program was written"
  # inner-scope __local: the warning names the kernel and the line
  grep -q "inner_local.cl:14:9: warning: __local variable 't' declared in an inner block" \
    "$out/inner_local.build.log" || fail "no warning at inner_local.cl:14:9"
  # ... an error under -Werror, as gcc's warnings are: no program
  log=$out/inner_local.werror.log
  rm -f "$out/inner_local.werror"
  "$MCC" --ompss -O1 -Wall -Werror -I"$here/../../ompss" -I"$here" "$here/inner_local.c" \
    -o "$out/inner_local.werror" > "$log" 2>&1 && fail "the build with -Werror succeeded"
  cat "$log"
  grep -q "inner_local.cl:14:9: error: __local variable 't' declared in an inner block.*\[-Werror\]" \
    "$log" || fail "no error at inner_local.cl:14:9 under -Werror"
  [ ! -e "$out/inner_local.werror" ] || fail "a program was written under -Werror"
  # a kernel mcc cannot translate is no fault of the kernel's: not an error under -Werror
  grep -q "rev_switch.*\[-Werror\]" "$out/untranslatable.build.log" &&
    fail "the untranslatable kernel's warning is labelled -Werror"
  # half-precision arithmetic: a warning at the operator, not a translation in float
  log=$out/half_arith.log
  "$MCC" -y "$here/half_arith.cl" -o "$out/half_arith.c" > "$log" 2>&1 || fail "mcc -y half_arith.cl failed"
  cat "$log"
  for at in 10:14:half_sum 17:5:half_step; do
    grep -q "half_arith.cl:${at%:*}: warning: kernel '${at##*:}' cannot be translated to C: half-precision arithmetic is not supported" \
      "$log" || fail "no warning at half_arith.cl:${at%:*}"
  done
  grep -q "half_round" "$log" && fail "a warning about half_round, which only converts"
  # a name that nothing declares (a macro the command's -D gives the host only): a warning
  # at its line that names it, not gcc's error on the C and "a bug of mcc"
  printf '__kernel void fillb(__global int *v, int n)\n{\n    int i = get_global_id(0);\n    if (i < n)\n        v[i] = BSIZE;\n}\n' \
    > "$out/undeclared.cl"
  log=$out/undeclared.log
  "$MCC" --ompss -DBSIZE=16 -c "$out/undeclared.cl" -o "$out/undeclared.o" > "$log" 2>&1 ||
    fail "mcc -c undeclared.cl failed"
  cat "$log"
  grep -q "undeclared.cl:5:16: warning: kernel 'fillb' cannot be translated to C: 'BSIZE' is not declared (a macro the kernels need goes in --opencl-build-opts" \
    "$log" || fail "no warning at undeclared.cl:5:16"
  grep -q "bug of mcc" "$log" && fail "the undeclared name was called a bug of mcc"
  # helpers holding barriers that mcc does not inline (helpers.cl has those it does): a
  # warning at the call saying why, not "a barrier in 'get', which is not a kernel"
  translate_only noinline 'int get(__local int *s)\n{\n    for (;;) {\n        barrier(CLK_LOCAL_MEM_FENCE);\n        return s[0];\n    }\n}\n__kernel void k1(__global int *v, __local int *s)\n{\n    v[0] = 1 + get(s);\n}\n__kernel void k2(__global int *v, __local int *s)\n{\n    int x = get(s);\n    v[0] = x;\n}\n__kernel void k3(__global int *v)\n{\n    v[1] = 2 * work_group_reduce_add(v[0]);\n}\nvoid h4(__global int *v);\n__kernel void k4(__global int *v)\n{\n    h4(v);\n}\n__constant int late = 3;\nvoid h4(__global int *v)\n{\n    barrier(CLK_GLOBAL_MEM_FENCE);\n    v[0] = late;\n}\n'
  grep -q "noinline.cl:10:16: warning: kernel 'k1' cannot be translated to C: 'get' holds a barrier and is called inside an expression (mcc inlines such a function" \
    "$log" || fail "no warning at noinline.cl:10:16"
  grep -q "noinline.cl:14:13: warning: kernel 'k2' cannot be translated to C: 'get' holds a barrier and cannot be inlined: 'get' returns from inside a loop or switch" \
    "$log" || fail "no warning at noinline.cl:14:13"
  grep -q "noinline.cl:19:16: warning: kernel 'k3' cannot be translated to C: the work-group function 'work_group_reduce_add' is called inside an expression" \
    "$log" || fail "no warning at noinline.cl:19:16"
  grep -q "noinline.cl:24:5: warning: kernel 'k4' cannot be translated to C: 'h4' holds a barrier and cannot be inlined: 'late', which 'h4' uses, is declared after the kernel" \
    "$log" || fail "no warning at noinline.cl:24:5"
  # what only the C compiler finds in the translation (here a mistyped initializer, which
  # OpenCL C rejects too) is at its own line and column of the .cl, also in a second
  # kernel (gcc counted on from the first kernel's line into the generated code: line 44)
  printf '/* first */\n__kernel void first(__global int *v)\n{\n    int i = get_global_id(0);\n    v[i] = i;\n}\n\n__kernel void second(__global int *v, int n)\n{\n    int i = get_global_id(0);\n    float f = v;\n    if (i < n)\n        v[i] = (int)f;\n}\n' \
    > "$out/mistyped.cl"
  log=$out/mistyped.log
  "$MCC" --ompss -c "$out/mistyped.cl" -o "$out/mistyped.o" > "$log" 2>&1
  cat "$log"
  grep -q "mistyped.cl:11:15: error: incompatible types" "$log" || fail "no error at mistyped.cl:11:15"
  # and mcc's line after gcc's errors does not call the user's mistake a bug of mcc only
  grep -q "mistyped.cl: its kernels translated to C do not compile (errors above), so its tasks keep only their OpenCL implementation: fix what is wrong in the kernel" \
    "$log" || fail "mcc's line after the errors does not say to fix the kernel"
  # a warning after macros on its line (__global is an attribute in the translation): at
  # the column of the source line (before the fix: of the expanded line, 1:82, past its end)
  translate_only imgparam '__kernel void arr(__global float *a, __read_only image2d_t b)\n{\n    a[0] = 1;\n}\n'
  grep -q "imgparam.cl:1:50: warning: kernel 'arr' cannot be translated to C: an image parameter" \
    "$log" || fail "no warning at imgparam.cl:1:50"
  echo "run.sh: diagnostics as expected"
  ;;
shapes)
  c=$out/interchange.shapes.c
  "$MCC" -y "$here/interchange.cl" -o "$c" || fail "mcc -y failed"
  # gather: the barrier loop and the reduction loop at group level, work-items inside
  grep -q '^ *for (int t0 = 0; t0 < n; t0 += w) {$' "$c" || fail "gather's tile loop is not group-level C"
  awk '/for \(int j = 0; j < m; j\+\+\) \{/ { getline; ok = /NRT_CL_WORK_ITEMS/ } END { exit !ok }' "$c" ||
    fail "gather's reduction loop does not hold the work-item loop"
  grep -q '^ *int m = nrt_cl_min_i(w, n - t0); (void)m;$' "$c" || fail "m is not computed at group level"
  # rows: each item walks its own row: the loop stays inside the work-item loop
  awk '/for \(int c = 0; c < cols; c\+\+\)/ { getline; bad = /NRT_CL_WORK_ITEMS/; seen = 1 }
       END { exit !(seen && !bad) }' "$c" || fail "rows' loop moved out of the work-item loop"
  # guards.cl: the kernels that cannot tell their work-groups apart say so (the runtime
  # recuts their ranges); those with a barrier or a local id do not
  g=$out/guards.shapes.c
  "$MCC" -y "$here/guards.cl" -o "$g" || fail "mcc -y failed"
  free=$(awk '/\.kernel = "/ { split($0, q, "\""); k = q[4] }
              /\.group_free = 1/ { printf "%s ", k }' "$g")
  [ "$free" = "ge_return flipped gt_minus_one body_under_if le_bound two_d flat3 " ] ||
    fail "group-free kernels: '$free'"
  # idioms.cl: mem_fence(CLK_GLOBAL_MEM_FENCE) before the group's atomic_add is a fence
  # of the threads that run work-groups, not nothing (it was '((void)0)')
  i=$out/idioms.shapes.c
  "$MCC" -y "$here/idioms.cl" -o "$i" || fail "mcc -y failed"
  grep -q 'nrt_cl_mem_fence(2)' "$i" || fail "mem_fence(CLK_GLOBAL_MEM_FENCE) was dropped"
  echo "run.sh: the loops have the expected shapes, the group-free kernels are $free"
  ;;
clones)
  # The work-group functions are cloned for AVX-512, AVX2 and x86-64 in a build for the
  # x86-64 baseline, not in one for a chosen machine (-march=...): there the clones kept
  # cnd() from being inlined into them (it is compiled for rocketlake, the clone for
  # x86-64-v4) and the work-item loop stayed scalar (blackscholes 10x slower).
  [ "$(uname -m)" = x86_64 ] || { echo "skipped: the clones are x86-64's"; exit 77; }
  o=$out/clones.o
  "$MCC" -O2 -c "$here/clones.cl" -o "$o" || fail "mcc -c failed"
  nm "$o" | grep -q 'arch_x86_64_v4' || fail "no AVX-512 clone in a baseline build"
  for m in rocketlake x86-64-v3; do
    "$MCC" -O2 -march=$m -c "$here/clones.cl" -o "$o" || fail "mcc -march=$m -c failed"
    nm "$o" | grep -q 'arch_x86_64_v4' && fail "clones in a -march=$m build"
    nm "$o" | grep -q ' cnd$' && fail "cnd() not inlined in a -march=$m build"
  done
  echo "run.sh: clones in the baseline build only; cnd() inlined under -march=rocketlake and x86-64-v3"
  ;;
misaligned)
  # buffers misaligned for their float4 kernels run on aligned copies of the task's
  # regions, as on PoCL (they crashed with SIGSEGV, then stopped with a message)
  bin=$out/misaligned
  "$MCC" --ompss -O2 -Wall -Werror "$here/misaligned.c" -o "$bin" || fail "mcc failed"
  for w in 1 4; do
    run_in_tmp "$out/misaligned.on$w.log" NX_ARGS="--opencl-cpu=on --smp-workers=$w"
  done
  if probe; then
    run_in_tmp "$out/misaligned.ocl.log" NX_ARGS="--opencl-cpu=off"
  else
    echo "run.sh: no OpenCL device: the PoCL run is not made"
  fi
  ;;
noshmem)
  # a __local pointer parameter without shmem(...): a message naming the clause, exit 1
  bin=$out/noshmem
  "$MCC" --ompss -O1 -Wall -Werror -I"$here/../../ompss" -I"$here" "$here/noshmem.c" -o "$bin" ||
    fail "mcc failed"
  want="argument 2 of kernel 'reverse_groups' is __local memory, of 0 bytes: give the task's target pragma shmem(bytes)"
  modes=on
  probe && modes="on off"
  for m in $modes; do
    log=$out/noshmem.$m.log
    dir=$(mktemp -d)
    (cd "$dir" && NX_ARGS="--opencl-cpu=$m --smp-workers=2" "$bin") > "$log" 2>&1
    st=$?
    rm -rf "$dir"
    cat "$log"
    [ $st = 1 ] || fail "--opencl-cpu=$m: exit $st, expected 1"
    grep -q "$want" "$log" || fail "--opencl-cpu=$m: no message about shmem(...)"
  done
  # alias: copy_shift(a, a), its second buffer named in no dependence: mcc's error
  alias="parameter 'src' of OpenCL task 'copy_shift' is a buffer (__global or __constant) of kernel 'copy_shift' in noshmem.cl, but nothing copies it to the device"
  "$MCC" --ompss -O1 -DALIAS -I"$here/../../ompss" -I"$here" "$here/noshmem.c" \
    -o "$bin.alias" > "$out/noshmem.alias.log" 2>&1 && fail "mcc built the alias case"
  cat "$out/noshmem.alias.log"
  grep -qF "$alias" "$out/noshmem.alias.log" || fail "alias: no error naming the buffer"
  echo "run.sh: no shmem(...): the message, exit 1 (--opencl-cpu=$modes); a buffer in no dependence: mcc's error"
  ;;
includes)
  # includes/cl/k.cl: its headers found next to it and through the command's -I
  c=$out/includes.c
  "$MCC" -y "$here/includes/cl/k.cl" -I "$here/includes/hdr" -o "$c" || fail "mcc -y failed"
  grep -q '= 1000 + 200 + 30;' "$c" || fail "the included definitions are not in the translation"
  "$MCC" -y "$here/includes/cl/k.cl" -o "$c.no" > "$out/includes.log" 2>&1 &&
    fail "far.h found without -I"
  grep -q 'far.h' "$out/includes.log" || fail "no error naming far.h"
  echo "run.sh: the kernel's headers found next to it and through -I"
  ;;
versions)
  bin=$out/versions
  log=$out/versions.log
  run_in_tmp "$log" NX_ARGS="--disable-opencl --smp-workers=2 --summary"
  c=$(awk '/ twice_ocl\(C\) / { print $(NF - 2); exit }' "$log")
  s=$(awk '$2 == "twice" && $3 == "smp" { print $(NF - 2); exit }' "$log")
  echo "run.sh: translated ${c:-0}, smp ${s:-0} of 120"
  [ "${c:-0}" -ge 90 ] || fail "the versioning choice should have settled on the translated kernel"
  ;;
*) fail "unknown mode $mode" ;;
esac
exit 0
