/*
 * cluster_rules.c - the rules by which a rank other than 0 carries out rank 0's messages
 * (devices/cluster/order.h): an item waits only for the transfers that touch its bytes.
 * Before, every READ, PSEND or RUN waited for every WRITE received before it, every RUN
 * for every READ and PSEND whose data had not left, and each item for the ones before it
 * (a FIFO), so a task whose inputs had landed could wait several ms for another task's.
 * Built with gcc alone (no MPI): gcc -Idevices/cluster tests/mpi/cluster_rules.c
 * devices/cluster/order.c.
 */
#include "order.h"

#include <stdio.h>

static int failures;

static void expect(const char *what, bool got, bool want)
{
    if (got != want) {
        printf("FAIL: %s: %s, expected %s\n", what, got ? "waits" : "goes",
               want ? "waits" : "goes");
        failures++;
    }
}

int main(void)
{
    /* this rank's memory: tile A [0, 4096), B [4096, 8192), C [8192, 12288) */
    struct cl_span A = {0, 4096}, B = {4096, 8192}, C = {8192, 12288};
    /* a WRITE into A still landing (received first: seq 0), one into C (seq 1) */
    struct cl_xfer_at wc = {1, 1, C, NULL}, wa = {0, 3, A, &wc};
    /* a READ of B whose data has not all left */
    struct cl_xfer_at rb = {0, 1, B, NULL};

    struct cl_span run_b[] = {B}, run_ab[] = {A, B}, run_c[] = {C};
    struct cl_wants r;

    r = (struct cl_wants){true, 2, 1, run_c};
    expect("a RUN on C after the WRITE into C", cl_must_wait(&r, &wa, NULL, NULL, 0), true);
    r = (struct cl_wants){true, 1, 1, run_c};
    expect("a RUN on C received before the WRITE into C", cl_must_wait(&r, &wa, NULL, NULL, 0),
           false);
    r = (struct cl_wants){true, 2, 1, run_b};
    expect("a RUN on B after WRITEs into A and C", cl_must_wait(&r, &wa, NULL, NULL, 0), false);
    r = (struct cl_wants){true, 2, 2, run_ab};
    expect("a RUN on A and B after the WRITE into A", cl_must_wait(&r, &wa, NULL, NULL, 0), true);
    r = (struct cl_wants){true, 2, 0, NULL};
    expect("a RUN without ranges after any WRITE", cl_must_wait(&r, &wa, NULL, NULL, 0), true);
    r = (struct cl_wants){true, 0, 0, NULL};
    expect("a RUN without ranges, nothing landing before it",
           cl_must_wait(&r, &wa, NULL, NULL, 0), false);

    /* data leaving: a task may overwrite it */
    r = (struct cl_wants){true, 0, 1, run_b};
    expect("a RUN on B while B is being sent", cl_must_wait(&r, NULL, &rb, NULL, 0), true);
    r = (struct cl_wants){true, 0, 1, run_c};
    expect("a RUN on C while B is being sent", cl_must_wait(&r, NULL, &rb, NULL, 0), false);
    struct cl_span queued[] = {B};
    r = (struct cl_wants){true, 0, 1, run_b};
    expect("a RUN on B behind a queued READ of B", cl_must_wait(&r, NULL, NULL, queued, 1), true);
    r = (struct cl_wants){true, 0, 1, run_c};
    expect("a RUN on C behind a queued READ of B", cl_must_wait(&r, NULL, NULL, queued, 1), false);

    /* READ and PSEND: the data must have landed; sends do not order them */
    struct cl_span read_a[] = {A}, read_b[] = {B}, read_edge[] = {{4095, 4097}};
    r = (struct cl_wants){false, 2, 1, read_a};
    expect("a READ of A after the WRITE into A", cl_must_wait(&r, &wa, &rb, NULL, 0), true);
    r = (struct cl_wants){false, 2, 1, read_b};
    expect("a READ of B after WRITEs into A and C, B being sent",
           cl_must_wait(&r, &wa, &rb, queued, 1), false);
    r = (struct cl_wants){false, 2, 1, read_edge};
    expect("a READ of A's last byte after the WRITE into A", cl_must_wait(&r, &wa, NULL, NULL, 0),
           true);
    struct cl_span next_to_a[] = {{4096, 4100}};
    r = (struct cl_wants){false, 2, 1, next_to_a};
    expect("a READ of the bytes right after A", cl_must_wait(&r, &wa, NULL, NULL, 0), false);

    if (failures)
        return 1;
    printf("OK: 14 cases\n");
    return 0;
}
