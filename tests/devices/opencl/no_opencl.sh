#!/bin/sh
# no_opencl.sh OPTIONS_BINARY - programs with OpenCL code start and run on the host where
# OpenCL is missing: no link-time dependency on libOpenCL (ldd), no platform (an empty
# ICD directory: the probe finds 0 devices and --verbose says why), and no library at all
# (libOpenCL hidden by bind mounts in a private mount namespace; that part is skipped
# when unshare is not allowed).  OPTIONS_BINARY is tests/devices/opencl/options.c's program.
bin=$1
fail() { echo "no_opencl.sh: $*"; exit 1; }
if ldd "$bin" | grep -qi opencl; then fail "$bin links libOpenCL"; fi
out=$(OCL_ICD_VENDORS=/nonexistent NX_ARGS=--verbose "$bin" 0 2>&1)
rc=$?
# ocl-icd (Debian's loader) reads its platforms from OCL_ICD_VENDORS only; a loader that
# ignores it (the GPU machine's) still finds them: no platform-less run can be made there.
if echo "$out" | grep -q "^nanort: OpenCL: opencl0 "; then
  echo "no_opencl.sh: the OpenCL loader here ignores OCL_ICD_VENDORS (it found a device):"
  echo "$out" | grep "^nanort: OpenCL: opencl0 " | head -1
  echo "no_opencl.sh: the no-platform case is not run"
else
  [ $rc = 0 ] || fail "no platform: the run failed: $out"
  echo "$out"
  echo "$out" | grep -q "nanort: OpenCL: not used: no OpenCL platform" || fail "no platform: --verbose does not say why"
fi
libs=$(ldconfig -p | sed -n 's/.*libOpenCL\.so.* => //p' | sort -u)
[ -n "$libs" ] || { echo "no_opencl.sh: no libOpenCL here at all: covered by the run above"; exit 0; }
hide=""
for l in $libs; do hide="$hide mount --bind /dev/null $l &&"; done
if ! unshare -m true 2>/dev/null; then
  echo "no_opencl.sh: unshare -m not allowed: the missing-library case is not run"
  exit 0
fi
out=$(unshare -m sh -c "$hide NX_ARGS=--verbose $bin 0" 2>&1) || fail "no library: the run failed: $out"
echo "$out"
echo "$out" | grep -q "nanort: OpenCL: not used: cannot load libOpenCL" || fail "no library: --verbose does not say why"
echo "no_opencl.sh: runs without an OpenCL platform and without libOpenCL"
