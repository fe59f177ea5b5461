/* ported: ompss
 * OmpSs clauses of ported programs: inprivate (an input the task gets as its own copy,
 * taken when it starts: after the writer it depends on, not at creation; the originals
 * are not the task's to write, so the sequential program sees the same) on a scalar, an
 * array and a shaped pointer; depend(inoutset:) and concurrent between two writers;
 * copy_in/copy_out on a target device(smp) task; commutative; a task whose statement is
 * an atomic.  Prints what each part computed. */
#include <stdio.h>
#include <stdlib.h>

#define N 64

static void spin(int n)
{
    for (volatile int i = 0; i < n * 200; i++)
        ;
}

int main(void)
{
    int x = 1, arr[8] = {0}, stage = 0, set_total = 0, seen = 0, conc = 0, comm = 0;
    int *p = malloc(N * sizeof *p);
    int got_x = 0, got_arr = 0, got_p = 0, copied = 0, at = 0;
    for (int i = 0; i < N; i++)
        p[i] = i;
#pragma omp task out(x, arr, [N]p)
    {
        spin(300);
        x = 42;
        for (int i = 0; i < 8; i++)
            arr[i] = i * 10;
        for (int i = 0; i < N; i++)
            p[i] = 2 * i;
    }
#pragma omp task inprivate(x, arr, [N]p) shared(got_x, got_arr, got_p)
    {
        got_x = x;
        for (int i = 0; i < 8; i++)
            got_arr += arr[i];
        for (int i = 0; i < N; i++)
            got_p += p[i];
    }
#pragma omp task out(stage)
    {
        spin(100);
        stage = 5;
    }
    for (int t = 0; t < 10; t++) {
#pragma omp task depend(inoutset: stage) shared(set_total)
        {
            spin(10);
#pragma omp atomic
            set_total += stage + t;
        }
#pragma omp task concurrent(conc)
        {
#pragma omp atomic
            conc += t;
        }
#pragma omp task commutative(comm)
        comm = comm * 2 + 1 - comm;     /* comm + 1, not atomic: one at a time */
    }
#pragma omp task in(stage) shared(seen, set_total)
    seen = set_total;
    int out_val = 0, in_val = 9;
#pragma omp target device(smp) copy_in(in_val) copy_out(out_val)
#pragma omp task
    out_val = in_val * 3;
#pragma omp task inout(copied)
#pragma omp atomic
    copied += 4;
#pragma omp task shared(at)
#pragma omp atomic
    at += 2;
#pragma omp taskwait
    long ps = 0;
    for (int i = 0; i < N; i++)
        ps += p[i];
    printf("inprivate: x %d arr %d p %d; originals %d %d %ld\n", got_x, got_arr, got_p, x,
           arr[3], ps);
    printf("inoutset %d seen %d concurrent %d commutative %d\n", set_total, seen, conc, comm);
    printf("copies %d atomic tasks %d %d\n", out_val, copied, at);
    free(p);
    return 0;
}
