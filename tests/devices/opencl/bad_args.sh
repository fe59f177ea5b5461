#!/bin/sh
# bad_args.sh BINARY - tests/devices/opencl/bad_args.c's refused launches stop the run (non-zero
# exit, status 1) with their messages; the sub-buffer cases (aligned, or on an aligned copy) run
# right.  77 when skipped.
bin=$1
fail() { echo "bad_args.sh: $*"; exit 1; }
expect() {  # mode, text the message must contain (NX_ARGS passes through)
  out=$("$bin" "$1" 2>&1); st=$?
  echo "$out"
  [ $st = 77 ] && exit 77
  [ $st = 0 ] && fail "$1: the run succeeded"
  [ $st = 1 ] || fail "$1: exit status $st (a refused launch ends with status 1, not a signal)"
  echo "$out" | grep -qF "$2" || fail "$1: no message containing: $2"
}
"$bin" misaligned || fail "misaligned: the run failed"
expect two-offsets "nanort: task 'bump2_task' (implementation 'bump2_ocl'): kernel arguments 0 and 1 start 4 and 8 bytes into data copied as one region"
expect outside "nanort: task 'bump_task' (implementation 'bump_ocl'): kernel argument 0 ("
expect outside "is not inside the data copied for the task; add it to copy_in/copy_out/copy_inout"
expect bad-local "nanort: task 'bump_task', kernel 'bump_ocl' on opencl0"
expect bad-local "ndrange(1, 1024, 16777216): the local size of dimension 1, 16777216, is more than the"
"$bin" sub-buffer || fail "sub-buffer: the run failed"
NX_ARGS=--disable-opencl expect no-device "nanort: task 'bump_task' has only opencl implementations (bump_ocl) and no opencl device is available"
echo "bad_args.sh: messages right"
