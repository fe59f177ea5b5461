#!/usr/bin/env bash
# Mercurium's driver options that OmpSs makefiles pass beyond the OmpSs ones: --cpp=CMD
# preprocesses with CMD, --cxx= (its C++ compiler) is ignored with a warning, --profile=
# takes its C profiles (smpcc: no copy_deps, plaincc: no OmpSs, imcc: a warning that gcc
# stays) and refuses C++, Fortran and unknown ones, --no-opencl / --no-cuda start the
# program without that device, --instrumentation is --instrument and --copy-deps undoes
# smpcc's default, --openmp is -fopenmp.  Before, gcc stopped on each: "unrecognized
# command-line option" (and took --openmp as its own -fopenmp: libgomp).
. "$(dirname "$0")/lib.sh"
write_app
cat > deps.c <<'SRC'
int v[4];
void bump(void)
{
    #pragma omp task inout(v[0;4])
    v[0]++;
    #pragma omp taskwait
}
SRC
# --cpp=: the C inputs' preprocessing runs that command (with -E), nothing else does
printf '#!/bin/sh\necho "$*" >> cpp_calls\nexec gcc "$@"\n' > mycpp
chmod +x mycpp
ok "$MCC" "--cpp=$PWD/mycpp" app.c helper.c -o prog
runs ./prog "r=42"
lacks err.txt 'unrecognized|error|warning'
[ "$(grep -c -- '-E ' cpp_calls)" = 2 ] || fail "--cpp= did not preprocess both inputs: $(cat cpp_calls)"
lacks cpp_calls ' -c |nanort'
ok "$MCC" --no-openmp "--cpp=$PWD/mycpp" helper.c -c -o h.o
has err.txt "mcc: warning: '--cpp=.*mycpp' has no effect with --no-openmp"
# --cxx=: a warning, the C build goes on with gcc
ok "$MCC" --cxx=g++ app.c helper.c -o prog
runs ./prog "r=42"
has err.txt "mcc: warning: ignoring '--cxx=g\+\+' \(Mercurium's native compiler for C\+\+"
# --profile=: mcc is the default; smpcc is --no-copy-deps unless --copy-deps says
ok "$MCC" --profile=mcc app.c helper.c -o prog
runs ./prog "r=42"
lacks err.txt 'warning|error'
ok "$MCC" -y deps.c -o default.c
ok "$MCC" --no-copy-deps -y deps.c -o nocopy.c
! cmp -s default.c nocopy.c || fail "--no-copy-deps changed nothing in deps.c's translation"
ok "$MCC" --profile=smpcc -y deps.c -o smpcc.c
cmp -s smpcc.c nocopy.c || fail "--profile=smpcc kept copy_deps"
ok "$MCC" --copy-deps --profile=smpcc -y deps.c -o smpcc_copy.c
cmp -s smpcc_copy.c default.c || fail "--copy-deps did not undo smpcc's default"
ok "$MCC" --profile=plaincc -y deps.c -o plain.c
has plain.c '#pragma omp task inout'
ok "$MCC" --profile=imcc app.c helper.c -o prog
runs ./prog "r=42"
has err.txt "mcc: warning: --profile=imcc compiles with icc in Mercurium; mcc keeps its native compiler \(--cc=icc"
fails 1 "$MCC" --profile=mcxx app.c -o prog
has err.txt "mcc: error: --profile=mcxx is Mercurium's C\+\+ profile: mcc translates C only"
fails 1 "$MCC" --profile=mfc app.c -o prog
has err.txt "Fortran profile"
fails 1 "$MCC" --profile=nosuch app.c -o prog
has err.txt "mcc: error: unknown profile '--profile=nosuch' \(Mercurium's C profiles that mcc knows: mcc, smpcc"
# --no-opencl / --no-cuda: the program's default options disable the device
printf 'void bump(void);\nint main(void) { bump(); return 0; }\n' > bump_main.c
ok "$MCC" --opencl --no-opencl bump_main.c deps.c -o prog
lacks err.txt 'unrecognized|error|warning'
NX_ARGS=--verbose ./prog > out.txt 2> run.txt || fail "prog built with --no-opencl failed"
has run.txt 'OpenCL: not used: --disable-opencl'
ok "$MCC" --no-cuda app.c helper.c -o prog
lacks err.txt 'unrecognized|error|warning'
runs ./prog "r=42"
strings prog | grep -q -- '--disable-cuda' || fail "--no-cuda: the program does not start with --disable-cuda"
# --openmp (Mercurium's flag, gcc's spelling of -fopenmp) is -fopenmp: nanort, not libgomp,
# except with --no-openmp (before: gcc compiled and linked the translation with libgomp)
ok "$MCC" --openmp -v app.c helper.c -o prog
runs ./prog "r=42"
lacks err.txt 'openmp -v|-lgomp|libgomp'
ok "$MCC" --no-openmp --openmp -v helper.c -c -o h.o
has err.txt 'gcc .*-fopenmp'
# the flags of Mercurium's profiles: --simd, --analysis, ... a warning each (no equivalent),
# --cluster a warning that cluster mode is a run-time choice, --tied-tasks / --untied-tasks
# and every --no-FLAG hold as they are (no warning), --no-debug / --no-instrument undo
# --debug / --instrument (before: gcc's "unrecognized command-line option" for each)
flags="--simd --no-simd --analysis --openmp-lint --no-task-correctness --untied-tasks
       --tied-tasks --no-untied-tasks --cluster --no-cluster --debug --no-debug
       --instrumentation --no-instrument"
ok "$MCC" $flags -### bump_main.c deps.c -o prog
lacks err.txt 'unrecognized|error|-O0|nanort-debug|mcc_defaults'
ok "$MCC" $flags bump_main.c deps.c -o prog
runs ./prog ""
absent prog.trace.json
lacks err.txt 'unrecognized|error'
[ "$(grep -c "a flag of Mercurium's profiles" err.txt)" = 3 ] || fail "not one warning per flag: $(grep mcc: err.txt)"
has err.txt "mcc: warning: '--cluster' has no effect when building: a program runs in cluster mode with NX_ARGS=--cluster"
# --instrumentation: --instrument's other spelling (Mercurium's config takes both)
ok "$MCC" --instrumentation bump_main.c deps.c -o prog
runs ./prog ""
exists prog.trace.json
no_temps
