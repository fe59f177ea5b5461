/*
 * TAMPI.h - task-aware MPI, TAMPI's public interface as nanort provides it.
 *
 * Build with `OMPI_CC=mcc mpicc --ompss app.c -o app` (mcc links libnanort-mpi, which
 * implements this header, whenever the link uses MPI).
 *
 * Non-blocking mode (MPI_Init_thread with MPI_THREAD_MULTIPLE or MPI_TASK_MULTIPLE):
 *   TAMPI_Iwait / TAMPI_Iwaitall inside a task bind MPI requests to the running task and
 *   return at once; the task completes (its dependences are released) only when its body
 *   has returned AND the requests have completed.  The runtime tests them from its polling
 *   thread (NX_ARGS --poll-period), never from a worker.  The status objects are written
 *   when the requests complete: they must stay valid until the task completes (use
 *   MPI_STATUS_IGNORE or storage that outlives the task).  The request handles are set to
 *   MPI_REQUEST_NULL.  Outside a task (in main) they wait like MPI_Wait(all).
 *
 * Blocking mode (MPI_Init_thread with MPI_TASK_MULTIPLE): a blocking MPI call made inside a
 * task (MPI_Recv, MPI_Send, MPI_Wait, MPI_Allreduce, ...) does not hold its worker: the
 * call posts the non-blocking version and the worker runs other ready tasks until the
 * request completes (the task resumes after those return), sleeping when none is ready.
 */
#ifndef TAMPI_H
#define TAMPI_H

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The thread level that turns the blocking mode on (MPI_Init_thread's `required`). */
#define MPI_TASK_MULTIPLE (MPI_THREAD_MULTIPLE + 1)

#define TAMPI_VERSION_MAJOR 3
#define TAMPI_VERSION_MINOR 0

enum {
    TAMPI_PROPERTY_BLOCKING_MODE = 0,   /* read-only: 1 when blocking calls are task-aware */
    TAMPI_PROPERTY_NONBLOCKING_MODE,    /* read-only: 1 when TAMPI_Iwait(all) bind requests */
    TAMPI_PROPERTY_THREAD_TASKAWARE,    /* read/write: 0 disables the blocking mode for the
                                         * calling thread's later calls, 1 enables it again */
    TAMPI_PROPERTY_AUTO_INIT,           /* read-only: 1 (initialised with MPI itself) */
    TAMPI_PROPERTY_LAST
};

int TAMPI_Property_get(int property, int *value);
int TAMPI_Property_set(int property, int value);
int TAMPI_Blocking_enabled(int *flag);
int TAMPI_Nonblocking_enabled(int *flag);

int TAMPI_Iwait(MPI_Request *request, MPI_Status *status);
int TAMPI_Iwaitall(int count, MPI_Request requests[], MPI_Status statuses[]);

/* Post and bind in one call: MPI_I<op>(...) then TAMPI_Iwait on its request. */
int TAMPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
                MPI_Comm comm);
int TAMPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag,
                MPI_Comm comm, MPI_Status *status);
int TAMPI_Iallreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                     MPI_Op op, MPI_Comm comm);

#ifdef __cplusplus
}
#endif

#endif /* TAMPI_H */
