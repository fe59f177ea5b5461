/* main.c - STREAM's four kernels over blocks of 1000003 doubles (the last block shorter),
 * five times, `taskwait noflush` after each time (the arrays stay on the GPU); the Nanos++
 * calls such programs make (nanos_get_num_sockets, nanos_current_socket,
 * nanos_get_num_cuda_devices).  Checked element by element against the same sequence on
 * the host (exact: small multiples).  Exit 0 and "result: OK". */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include "stream.h"

#define N 1000003
#define BS 65536
#define NTIMES 5

static int block(int j)
{
    return N - j < BS ? N - j : BS;
}

int main(void)
{
    int sockets = 0;
    NANOS_SAFE(nanos_get_num_sockets(&sockets));
    NANOS_SAFE(nanos_current_socket(0));
    printf("sockets %d, GPUs %d\n", sockets, nanos_get_num_cuda_devices());
    double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b), *c = malloc(N * sizeof *c);
    for (int i = 0; i < N; i++) {
        a[i] = 1.0 + i % 3;
        b[i] = 2.0;
        c[i] = 0.0;
    }
    const double q = 3.0;
    for (int k = 0; k < NTIMES; k++) {
        for (int j = 0; j < N; j += BS)
            st_copy(a + j, c + j, block(j));
        for (int j = 0; j < N; j += BS)
            st_scale(b + j, c + j, q, block(j));
        for (int j = 0; j < N; j += BS)
            st_add(a + j, b + j, c + j, block(j));
        for (int j = 0; j < N; j += BS)
            st_triad(a + j, b + j, c + j, q, block(j));
#pragma omp taskwait noflush
    }
#pragma omp taskwait
    long wrong = 0;
    for (int i = 0; i < N; i++) {
        double ra = 1.0 + i % 3, rb = 2.0, rc = 0.0;
        for (int k = 0; k < NTIMES; k++) {
            rc = ra;
            rb = q * rc;
            rc = ra + rb;
            ra = rb + q * rc;
        }
        wrong += a[i] != ra || b[i] != rb || c[i] != rc;
    }
    printf(wrong ? "result: WRONG (%ld)\n" : "result: OK\n", wrong);
    free(a);
    free(b);
    free(c);
    return wrong != 0;
}
