#!/bin/sh
# build_error.sh BINARY - run tests/devices/opencl/build_error.c's program and check that it
# stops (exit status 1) with the build-failure message: kernel, file, device, the build
# log (it names the undeclared identifier) and what to do.  77 when it skipped.
# build_error.sh BINARY fallback: the type has an smp implementation too; the run must
# succeed, say the build failure (with its log) and the fallback once each.
bin=$1
mode=${2:-}
out=$("$bin" $mode 2>&1); st=$?
echo "$out"
[ $st = 77 ] && exit 77
fail() { echo "build_error.sh: $*"; exit 1; }
if [ "$mode" = fallback ]; then
  [ $st = 0 ] || fail "exit status $st: the smp implementation should have run the tasks"
  echo "$out" | grep -q "tasks ran their smp implementation: results right" || fail "no result line"
  n=$(echo "$out" | grep -c "^nanort: OpenCL kernel 'broken_kernel' (file src/broken.cl) failed to build for device opencl0")
  [ "$n" = 1 ] || fail "the build failure said $n times, not once"
  echo "$out" | grep -q "src/broken.cl:2:" || fail "the build log does not say src/broken.cl:2"
  n=$(echo "$out" | grep -c "^nanort: warning: implementation 'broken_ocl' of task 'broken' cannot run on opencl0 .*'add_index_smp' on the host")
  [ "$n" = 1 ] || fail "the fallback warning said $n times, not once"
  echo "build_error.sh: fallback right"
  exit 0
fi
[ $st = 0 ] && fail "the run succeeded"
[ $st = 1 ] || fail "exit status $st (a build failure ends with status 1, not abort())"
echo "$out" | grep -q "^nanort: OpenCL kernel 'broken_kernel' (file src/broken.cl) failed to build for device opencl0" ||
  fail "no 'failed to build' line naming kernel, file and device"
# The log is the compiler's: its wording differs between implementations, but it has an
# error line of its own (PoCL: "...cl:2:29: expected ';' at end of declaration").
echo "$out" | sed -n "/failed to build for device/,/^nanort: fix/p" | grep -v "^nanort:" |
  grep -qi "error\|expected" || fail "the build log is missing"
# ... and it names the source as registered and the line (not a temporary copy's name)
echo "$out" | grep -q "src/broken.cl:2:" || fail "the build log does not say src/broken.cl:2"
echo "$out" | grep -q "fix the errors above in src/broken.cl or the build options '-DUNUSED=1'" ||
  fail "no advice line"
echo "$out" | grep -q "did not stop" && fail "the run went on"
echo "build_error.sh: message right (exit $st)"
exit 0
