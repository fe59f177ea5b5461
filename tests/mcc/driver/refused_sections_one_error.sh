#!/usr/bin/env bash
# A sections construct mcc refuses (here closely nested inside a single) is one error: its
# section directives are not reported again as stray ones ("'#pragma omp section' must be
# directly inside '#pragma omp sections'", once per section before); a section that is
# stray elsewhere in the file still is.
. "$(dirname "$0")/lib.sh"
cat > secs.c <<'SRC'
void g(int);
void f(void)
{
#pragma omp parallel
#pragma omp single
    {
#pragma omp sections
        {
#pragma omp section
            g(1);
#pragma omp section
            g(2);
        }
    }
}
void h(void)
{
#pragma omp section
    g(3);
}
SRC
fails 1 "$MCC" --ompss -c secs.c
[ "$(grep -c ': error: ' err.txt)" = 2 ] || { cat err.txt >&2; fail "wanted two errors"; }
has err.txt "^secs\.c:7:[0-9]+: error: '#pragma omp sections' may not be closely nested inside '#pragma omp single'"
has err.txt "^secs\.c:18:[0-9]+: error: '#pragma omp section' must be directly inside '#pragma omp sections'"
no_temps
