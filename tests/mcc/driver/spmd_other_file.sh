#!/usr/bin/env bash
# A parallel region whose body splits its work by omp_get_thread_num() over a count of its
# own and calls functions of another file runs on a team of threads (docs/language.md): a
# helper of another file that it calls reads the thread number and the team size there
# (each number's block is filled: all of the array, as with gcc -fopenmp), and an orphaned
# `for` of another file reached from the body is shared by the team, each iteration run
# once, as gcc -fopenmp runs it (before, mcc ran such a body once per thread number, and
# the program stopped at the orphaned `for` with a message).
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
lacks err.txt "warning"
ok "$MCC" -fopenmp -O2 -c helper.c
ok "$MCC" -fopenmp region.o helper.o -o app
ok gcc -fopenmp -O2 region.c helper.c -o gomp
for w in 1 2 4; do
    [ "$(OMP_NUM_THREADS=$w ./gomp)" = "1000 499500 every thread once" ] || fail "gcc -fopenmp's program on $w threads"
    [ "$(OMP_NUM_THREADS=$w ./gomp x)" = "2000 499500 every thread once" ] || fail "gcc -fopenmp's program on $w threads, with the orphaned for"
    NX_ARGS=--smp-workers=$w runs ./app "1000 499500 every thread once"
    got=$(NX_ARGS=--smp-workers=$w env -u LD_LIBRARY_PATH ./app x) || fail "./app x exited with $?"
    [ "$got" = "2000 499500 every thread once" ] || fail "./app x printed '$got' on $w workers"
done
