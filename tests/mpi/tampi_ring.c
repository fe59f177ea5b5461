/*
 * tampi_ring.c - TAMPI_Iwait: each rank sends a rendezvous-size message (8 MiB) to the
 * next rank and receives one from the previous, round after round, in separate tasks; the
 * receive task comes first.  With one worker per rank, a receive task that blocked its
 * worker in MPI_Wait would keep the send task from ever running on every rank: the ring
 * deadlocks.  With TAMPI_Iwait the body returns at once and the task completes when its
 * request does, so the worker runs the send.  Each round's data is a known function of
 * the round and of the sender: checked exactly.
 *   -DBLOCKING_MODE: the tasks call MPI_Recv / MPI_Send themselves, made task-aware by
 *   MPI_Init_thread(MPI_TASK_MULTIPLE): the blocked receive pauses its task and gives its
 *   worker to another thread, which runs the send.
 *   build: OMPI_CC=mcc mpicc --ompss tampi_ring.c   run: mpirun -np N, --smp-workers=1
 *   -DBLOCKING_WAIT: plain MPI_Wait under MPI_THREAD_MULTIPLE (the deadlock the test
 *   guards against; it must hang, not built by make check)
 */
#include <TAMPI.h>
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 20)          /* doubles: 8 MiB, far above any eager limit */
#define ROUNDS 6

static double value(int round, int sender, long i)
{
    return round * 1000.0 + sender + (double)(i % 97) * 1e-3;
}

static void bind_or_wait(MPI_Request *r)
{
#if defined(BLOCKING_WAIT) || defined(BLOCKING_MODE)
    MPI_Wait(r, MPI_STATUS_IGNORE);
#else
    TAMPI_Iwait(r, MPI_STATUS_IGNORE);
#endif
}

#ifdef BLOCKING_MODE
#define LEVEL MPI_TASK_MULTIPLE
#define RECV(buf, from, tag) MPI_Recv(buf, N, MPI_DOUBLE, from, tag, MPI_COMM_WORLD, \
                                      MPI_STATUS_IGNORE)
#define SEND(buf, to, tag) MPI_Send(buf, N, MPI_DOUBLE, to, tag, MPI_COMM_WORLD)
#else
#define LEVEL MPI_THREAD_MULTIPLE
#define RECV(buf, from, tag) do { MPI_Request r_; \
    MPI_Irecv(buf, N, MPI_DOUBLE, from, tag, MPI_COMM_WORLD, &r_); bind_or_wait(&r_); } while (0)
#define SEND(buf, to, tag) do { MPI_Request r_; \
    MPI_Isend(buf, N, MPI_DOUBLE, to, tag, MPI_COMM_WORLD, &r_); bind_or_wait(&r_); } while (0)
#endif

int main(int argc, char **argv)
{
    int provided, rank, size;
    MPI_Init_thread(&argc, &argv, LEVEL, &provided);
    if (provided != LEVEL) {
        printf("tampi_ring: thread level %d not provided (%d)\n", LEVEL, provided);
        return 77;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int next = (rank + 1) % size, prev = (rank + size - 1) % size;
    double *out = malloc(N * sizeof *out), *in = malloc(N * sizeof *in);
    int bad = 0;
    for (long i = 0; i < N; i++)
        out[i] = value(0, rank, i);
    for (int round = 0; round < ROUNDS; round++) {
#pragma omp task out([N]in) firstprivate(round)
        RECV(in, prev, round);
#pragma omp task in([N]out) firstprivate(round)
        SEND(out, next, round);
#pragma omp task in([N]in) inout([N]out) shared(bad) firstprivate(round)
        {
            for (long i = 0; i < N; i++)
                if (in[i] != value(round, prev, i)) {
                    bad++;
                    break;
                }
            for (long i = 0; i < N; i++)
                out[i] = value(round + 1, rank, i);
        }
    }
#pragma omp taskwait
    int all = 0;
    MPI_Allreduce(&bad, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Finalize();
    free(in);
    free(out);
    if (rank == 0)
        printf("tampi_ring: %d ranks, %d rounds of %d doubles: %s\n", size, ROUNDS, N,
               all ? "WRONG" : "OK");
    return all != 0;
}
