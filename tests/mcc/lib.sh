# Shared shell helpers for the mcc test scripts (tests/mcc/cprog, tests/mcc/headers, tests/mcc/diag)
# and bench/mcc.  Source it from the repository root:  . tests/mcc/lib.sh
#
#   MCC             the driver under test (default build/bin/mcc)
#   BUILD           the build folder (default build)
#   mcc_require     exit 77 (skipped) when the driver has not been built
#   mcc_preprocess  SRC OUT [FLAGS]: preprocess SRC the way the driver does before it
#                   translates, so that `mcc -y` on a file without OmpSs pragmas must give
#                   exactly these bytes

BUILD=${BUILD:-build}
MCC=${MCC:-$BUILD/bin/mcc}
# The preprocessing the driver does (mcc/driver.c, preprocess()):
#   <cc> <flags> -E -C -fopenmp -D_OMPSS=1 <user -I...> -I<prefix>/lib/mcc/include -I<prefix>/include
# where <prefix> is the folder above the real path of the mcc executable (-C: comments kept,
# since some mean something to the compiler that reads mcc's output).
mcc_prefix() { dirname "$(dirname "$(readlink -f "$MCC")")"; }

mcc_require() {
  if [ ! -x "$MCC" ]; then
    echo "skipped: $MCC has not been built"
    exit 77
  fi
}

mcc_preprocess() {
  local src=$1 out=$2 prefix; shift 2
  prefix=$(mcc_prefix)
  gcc -E -C -fopenmp -D_OMPSS=1 "$@" -I"$prefix/lib/mcc/include" -I"$prefix/include" -x c "$src" -o "$out"
}
