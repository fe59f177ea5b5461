#!/bin/sh
# sanitize.sh PROGRAM ARGS...: run a CUDA test under compute-sanitizer's memcheck (leak
# check on); any error it finds fails.  77 when there is no compute-sanitizer or no GPU.
# SANITIZER_OPTS: more compute-sanitizer options.
san=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
if [ -z "$san" ]; then echo "skipped: no compute-sanitizer"; exit 77; fi
"$@" > /dev/null 2>&1; st=$?
if [ $st = 77 ]; then echo "skipped: no usable GPU"; exit 77; fi
"$san" --tool memcheck --leak-check full --error-exitcode 99 ${SANITIZER_OPTS:-} "$@"
