#!/bin/sh
# expect_fault.sh PROGRAM: a kernel fault must stop the run with the failing CUDA call,
# the CUDA error and the task's label on stderr ("nanort: <call> failed: cudaError...:
# ... (task 'wild', implementation 'wild_cuda', GPU n)").  77 when the program skips.
out=$("$1" fault 2>&1); st=$?
printf '%s\n' "$out"
[ $st = 77 ] && exit 77
if [ $st = 0 ]; then echo "FAIL: the run succeeded"; exit 1; fi
if [ $st != 1 ]; then echo "FAIL: exit status $st (a device failure ends with status 1, not a signal)"; exit 1; fi
if printf '%s\n' "$out" | grep -Eq "^nanort: cuda[A-Za-z]+ failed: cudaError[A-Za-z]+: .*\(task 'wild', implementation 'wild_cuda', GPU [0-9]+\)"; then
  echo "PASS: the fault names the call, the error and the task (exit $st)"; exit 0
fi
echo "FAIL: no 'nanort: <call> failed: cudaError...: ... (task 'wild', ...)' line"; exit 1
