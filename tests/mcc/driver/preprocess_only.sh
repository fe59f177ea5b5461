#!/usr/bin/env bash
# -E writes the preprocessed text (to stdout, or to -o) as gcc -fopenmp would, with _OMPSS
# and _OPENMP defined, macros inside #pragma omp lines expanded, and linemarkers kept;
# nothing is translated or compiled.
. "$(dirname "$0")/lib.sh"
cat > pp.c <<'SRC'
#define N 64
#ifdef _OMPSS
int ompss_is = _OMPSS;
#endif
#ifdef _OPENMP
int openmp_is_defined;
#endif
void f(int *a)
{
#pragma omp task inout([N]a)
    a[0] = SQUARE(N);
}
SRC
ok "$MCC" -E -DSQUARE\(x\)='((x)*(x))' pp.c
has out.txt '^# [0-9]+ "pp.c"'
has out.txt 'int ompss_is = 1;'
has out.txt 'int openmp_is_defined;'
has out.txt '#pragma omp task inout\(\[64\]a\)'
has out.txt 'a\[0\] = \(\(64\)\*\(64\)\);'
ok "$MCC" -E -DSQUARE\(x\)=x pp.c -o pp.i
has pp.i 'a\[0\] = 64;'
absent a.out pp.o pp.mcc.c
no_temps
