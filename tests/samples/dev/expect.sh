#!/usr/bin/env bash
# expect.sh STATUS CMD...: run CMD; pass (exit 0) when it exits with STATUS and, for
# STATUS 0, prints "result: OK".  With EXPECT_ALL_SMP=1 in the environment the sample's
# first line must also say that every task ran on smp ("N tasks, N on smp", or
# "M of the M updates on smp"): the devices were disabled, so that is the fallback.
# With EXPECT_DEVICES="opencl0 opencl1" each of these spaces must have run tasks, by the
# devices table of --summary (put --summary in NX_ARGS).  With EXPECT_TRANSLATED=1 the
# --summary must show tasks run by kernels translated to C ("(C)" implementations) and
# none on a device (NX_ARGS with --opencl-cpu=on --summary).
set -u
want=$1
shift
log=$("$@" 2>&1)
st=$?
printf '%s\n' "$log"
if [ "$st" != "$want" ]; then
  echo "expect.sh: exit status $st, wanted $want"
  exit 1
fi
if [ "$want" = 0 ] && ! printf '%s\n' "$log" | grep -q '^result: OK'; then
  echo "expect.sh: no 'result: OK' line"
  exit 1
fi
if [ "${EXPECT_ALL_SMP:-0}" = 1 ] &&
   ! printf '%s\n' "$log" | head -n 1 | grep -Eq '(^|[ ,])([0-9]+) tasks, \2 on smp|([0-9]+) of the \3 updates on smp'; then
  echo "expect.sh: with the devices disabled every task should have run on smp"
  exit 1
fi
if [ "${EXPECT_TRANSLATED:-0}" = 1 ]; then
  if ! printf '%s\n' "$log" | grep -q '(C) .* smp '; then
    echo "expect.sh: no task ran a kernel translated to C"
    exit 1
  fi
  if printf '%s\n' "$log" | grep -Eq '^  (opencl|cuda)[0-9]+ .* [1-9][0-9]* +[0-9.]+% '; then
    echo "expect.sh: tasks ran on a device with --opencl-cpu=on"
    exit 1
  fi
fi
for dev in ${EXPECT_DEVICES:-}; do
  if ! printf '%s\n' "$log" | grep -Eq "^  $dev .* [1-9][0-9]* +[0-9.]+% "; then
    echo "expect.sh: the summary shows no task run on $dev"
    exit 1
  fi
done
exit 0
