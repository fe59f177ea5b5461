/*
 * pipeio.c - stream a file through a device and back, as tasks whose transfers pipeline;
 * with MPI, stream it from one rank's device to another's.
 *
 *   file mode:  pipeio IN OUT [CHUNK_KB [NBUF]]
 *     every chunk of IN is read (task read_chunk, out), transformed on a device (task
 *     transform: OpenCL or smp, inout) and written to OUT (task write_chunk, in).  The
 *     chunks cycle through NBUF buffers, so the dependences let chunk i+1 be read while
 *     chunk i is copied to the device or transformed and chunk i-1 is written; the cache
 *     moves each buffer to the device and back when a task needs it there (no copy in the
 *     program), overlapping the copies of one chunk with the kernel of another.
 *   MPI mode:   mpirun -np 2 pipeio --mpi IN OUT [CHUNK_KB [NBUF]]   (built with
 *     OMPI_CC=mcc mpicc --ompss, see README.md): rank 0 reads and transforms, then a task
 *     in(buf) sends the chunk (TAMPI_Isend: the task ends when the send does); rank 1
 *     receives it into a buffer (task out(buf), TAMPI_Irecv), transforms it again on its
 *     own device and writes it.  A chunk the device transformed is sent from where the
 *     cache put it: the send task reads it in host memory, the cache staged it there.
 *
 * The words of the file are transformed x -> x * 2654435761 + salt (mod 2^32), salt 1 on
 * the first transform and 2 on the second; at the end the program reads OUT back and checks
 * every word against IN transformed the same way in plain C.  "result: OK", exit 0.
 * --trace=run.json shows the reads and writes on the workers, the copies and kernels on
 * the device's tracks, and the sends and receives on the MPI track.
 */
#include <fcntl.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if __has_include(<mpi.h>)
#include <TAMPI.h>
#define PIPEIO_MPI 1
#endif

#ifndef _OMPSS /* a plain C compiler (pragmas ignored) does not know OpenCL qualifiers */
#define __kernel
#define __global
#endif

static int in_fd, out_fd;

static unsigned step(unsigned x, unsigned salt)
{
    return x * 2654435761u + salt;
}

#pragma omp task out([n]w) label(read_chunk)
void read_chunk(unsigned *w, int n, long off)
{
    ssize_t got = pread(in_fd, w, (size_t)n * sizeof *w, off);
    if (got != (ssize_t)(n * sizeof *w)) {
        perror("pipeio: pread");
        exit(2);
    }
}

#pragma omp target device(smp) copy_deps
#pragma omp task inout([n]w) label(transform)
void transform(int n, unsigned salt, unsigned *w)
{
    for (int i = 0; i < n; i++)
        w[i] = step(w[i], salt);
}

#pragma omp target device(opencl) ndrange(1, n, 128) file(pipeio.cl) copy_deps implements(transform)
#pragma omp task inout([n]w) label(transform)
__kernel void transform_ocl(int n, unsigned salt, __global unsigned *w);

#pragma omp task in([n]w) label(write_chunk)
void write_chunk(const unsigned *w, int n, long off)
{
    ssize_t put = pwrite(out_fd, w, (size_t)n * sizeof *w, off);
    if (put != (ssize_t)(n * sizeof *w)) {
        perror("pipeio: pwrite");
        exit(2);
    }
}

#ifdef PIPEIO_MPI
#pragma omp task in([n]w) label(send_chunk)
void send_chunk(const unsigned *w, int n, int chunk)
{
    TAMPI_Isend(w, n, MPI_UNSIGNED, 1, chunk, MPI_COMM_WORLD);
}

#pragma omp task out([n]w) label(recv_chunk)
void recv_chunk(unsigned *w, int n, int chunk)
{
    TAMPI_Irecv(w, n, MPI_UNSIGNED, 0, chunk, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
#endif

/* Compare OUT with IN transformed `passes` times; returns the number of wrong words. */
static long check(const char *in, const char *out, int passes)
{
    FILE *a = fopen(in, "rb"), *b = fopen(out, "rb");
    long wrong = 0, words = 0;
    unsigned x, y;
    if (!a || !b) {
        perror("pipeio: check");
        return 1;
    }
    while (fread(&x, sizeof x, 1, a) == 1) {
        words++;
        for (int p = 1; p <= passes; p++)
            x = step(x, (unsigned)p);
        if (fread(&y, sizeof y, 1, b) != 1 || x != y)
            wrong++;
    }
    if (fread(&y, sizeof y, 1, b) == 1)
        wrong++;                    /* OUT is longer */
    fclose(a);
    fclose(b);
    return words ? wrong : 1;
}

int main(int argc, char **argv)
{
    int mpi = argc > 1 && strcmp(argv[1], "--mpi") == 0;
    argc -= mpi;
    argv += mpi;
    if (argc < 3) {
        fprintf(stderr, "usage: pipeio [--mpi] IN OUT [CHUNK_KB [NBUF]]\n");
        return 2;
    }
    long chunk_kb = argc > 3 ? atol(argv[3]) : 1024;
    int nbuf = argc > 4 ? atoi(argv[4]) : 4;
    int rank = 0;
#ifdef PIPEIO_MPI
    int provided;
    if (mpi) {
        MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    }
#else
    if (mpi) {
        fprintf(stderr, "pipeio: built without MPI (build it with OMPI_CC=mcc mpicc)\n");
        return 2;
    }
#endif
    int n = (int)(chunk_kb * 1024 / sizeof(unsigned));
    if (n <= 0 || nbuf < 1) {
        fprintf(stderr, "pipeio: bad CHUNK_KB or NBUF\n");
        return 2;
    }
    long bytes = 0;
    if (rank == 0) {
        in_fd = open(argv[1], O_RDONLY);
        if (in_fd < 0) {
            perror(argv[1]);
            return 2;
        }
        bytes = lseek(in_fd, 0, SEEK_END);
    }
#ifdef PIPEIO_MPI
    if (mpi)
        MPI_Bcast(&bytes, 1, MPI_LONG, 0, MPI_COMM_WORLD);
#endif
    long chunk_bytes = (long)n * sizeof(unsigned), nchunks = bytes / chunk_bytes;
    if (nchunks == 0 || bytes % chunk_bytes) {
        fprintf(stderr, "pipeio: %s must be a whole number of %ld KiB chunks\n", argv[1],
                chunk_kb);
        return 2;
    }
    if (!mpi || rank == 1) {
        out_fd = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (out_fd < 0) {
            perror(argv[2]);
            return 2;
        }
    }
    unsigned **buf = malloc(nbuf * sizeof *buf);
    for (int b = 0; b < nbuf; b++)
        buf[b] = malloc(chunk_bytes);

    double t0 = omp_get_wtime();
    for (long c = 0; c < nchunks; c++) {
        unsigned *w = buf[c % nbuf];
        long off = c * chunk_bytes;
        if (!mpi) {
            read_chunk(w, n, off);
            transform(n, 1u, w);
            write_chunk(w, n, off);
        }
#ifdef PIPEIO_MPI
        else if (rank == 0) {
            read_chunk(w, n, off);
            transform(n, 1u, w);
            send_chunk(w, n, (int)c);
        } else if (rank == 1) {
            recv_chunk(w, n, (int)c);
            transform(n, 2u, w);
            write_chunk(w, n, off);
        }
#endif
    }
#pragma omp taskwait
    double secs = omp_get_wtime() - t0;
    int passes = mpi ? 2 : 1;
    long wrong = 0;
#ifdef PIPEIO_MPI
    if (mpi)
        MPI_Barrier(MPI_COMM_WORLD);   /* OUT is complete (rank 1 wrote it) */
#endif
    if (rank == 0) {
        wrong = check(argv[1], argv[2], passes);
        printf("pipeio: %ld chunks of %ld KiB, %d buffers%s\n", nchunks, chunk_kb, nbuf,
               mpi ? ", rank 0 -> rank 1" : "");
        printf("time: %.6f s (%.1f MB/s)\n", secs, (double)bytes / secs * 1e-6);
        printf("result: %s\n", wrong ? "WRONG" : "OK");
    }
#ifdef PIPEIO_MPI
    if (mpi) {
        MPI_Bcast(&wrong, 1, MPI_LONG, 0, MPI_COMM_WORLD);
        MPI_Finalize();
    }
#endif
    return wrong != 0;
}
