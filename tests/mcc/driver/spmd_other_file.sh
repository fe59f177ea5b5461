#!/usr/bin/env bash
# A parallel region whose body splits its work by omp_get_thread_num() over a count of its
# own runs once per thread number (docs/language.md); a helper of another file that it
# calls reads the thread number and the team size there (each number's block is filled:
# all of the array, as with gcc -fopenmp).  An orphaned `for` of another file reached from such a body
# cannot run right in turn: the program stops with a message naming the construct, its
# place and what to do, instead of adding each number's share once per number.
. "$(dirname "$0")/lib.sh"
cat > region.c <<'C'
#include <stdio.h>
#include <omp.h>
void fill_mine(double *a, int n);
void add_all(double *a, int n);
double a[1000];
int main(int argc, char **argv)
{
    int nth = omp_get_max_threads(), count = 0;
    double total = 0;
#pragma omp parallel
    {
        int id = omp_get_thread_num();
        double mine = 0;
        fill_mine(a, 1000);
        for (int i = id; i < 1000; i += nth)
            mine += i;
#pragma omp atomic
        total += mine;
#pragma omp atomic
        count++;
        if (argc > 1)
            add_all(a, 1000);
    }
    double s = 0;
    for (int i = 0; i < 1000; i++)
        s += a[i];
    printf("%g %g %s\n", s, total, count == nth ? "every thread once" : "wrong count");
    return 0;
}
C
cat > helper.c <<'C'
#include <omp.h>
void fill_mine(double *a, int n)
{
    int t = omp_get_thread_num(), nt = omp_get_num_threads();
    for (int i = n * t / nt; i < n * (t + 1) / nt; i++)
        a[i] = 1;
}
void add_all(double *a, int n)
{
#pragma omp for
    for (int i = 0; i < n; i++)
        a[i] += 1;
}
C
ok "$MCC" -fopenmp -O2 -c region.c
has err.txt "region.c:10:13: warning: the body of this parallel region splits its work by omp_get_thread_num\(\)"
ok "$MCC" -fopenmp -O2 -c helper.c
ok "$MCC" -fopenmp region.o helper.o -o app
for w in 1 2 4; do
    NX_ARGS=--smp-workers=$w runs ./app "1000 499500 every thread once"
done
NX_ARGS=--smp-workers=4 fails 1 env -u LD_LIBRARY_PATH ./app x
has err.txt "nanort: helper.c:10: '#pragma omp for' reached from the body of a parallel region that mcc runs once per thread number"
has err.txt "Split the region's work with '#pragma omp for'"
