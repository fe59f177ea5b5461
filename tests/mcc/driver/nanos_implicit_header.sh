#!/usr/bin/env bash
# Nanos++ programs call nanos.h's functions without including it (Mercurium preprocessed
# every OmpSs unit with -include nanos.h): a unit that calls one (nanos_get_num_sockets,
# nanos_current_socket, NANOS_SAFE, nanos_malloc_pinned_cuda, ompss_opencl_malloc, ...)
# and holds no nanos.h gets it.  gcc declared them implicitly: warnings, and the pointer of
# nanos_malloc_pinned_cuda cut to int (a crash on use); the pinned calls were not provided
# at all ("undefined reference").  A unit that calls none gets nothing (its own `bool`
# stays its own), nor one that includes omp.h itself, after the calls too.
. "$(dirname "$0")/lib.sh"
cat > app.c <<'SRC'
#include <stdio.h>
#include <string.h>
typedef int ok_t;
int report(ok_t);

#pragma omp task inout([n]v)
static void fill(double *v, int n)
{
    for (int i = 0; i < n; i++)
        v[i] = i * 0.5;
}

int main(void)
{
    int sockets = 0;
    NANOS_SAFE(nanos_get_num_sockets(&sockets));
    nanos_current_socket(0);
    double *v = nanos_malloc_pinned_cuda(1000 * sizeof(double));
    char *c = ompss_opencl_malloc(16);
    strcpy(c, "opencl");
    fill(v, 1000);
#pragma omp taskwait
    unsigned ready = 7;
    nanos_get_num_ready_tasks(&ready);
    printf("%d %g %s %u %d\n", sockets, v[999], c, ready, report(1));
    nanos_free_pinned_cuda(v);
    ompss_opencl_free(c);
    return 0;
}
SRC
cat > other.c <<'SRC'
typedef int bool;      /* C89 code: no stdbool.h here */
enum { false, true };
typedef bool ok_t;
int report(ok_t b) { return b == true; }
SRC
ok "$MCC" --ompss -Wall -Werror app.c other.c -o prog
lacks err.txt "implicit|warning"
runs ./prog "1 499.5 opencl 0 1"
# a unit that includes omp.h (so nanos.h) itself: as before
sed 's/^typedef int ok_t;$/typedef int ok_t;\n#include <omp.h>/' app.c > included.c
ok "$MCC" --ompss -Wall -Werror included.c other.c -o prog2
runs ./prog2 "1 499.5 opencl 0 1"
no_temps
