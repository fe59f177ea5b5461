/* ported: openmp
   ported-werror
   a stream processed through a ring of buffers: a producer task outside the graph fills the
   slot of the step (slow), then a taskgraph whose tasks (default(shared)) scale the slot in
   place and add it into per-slot totals, each with `depend(inout: ring[slot])`; the slot
   advances outside the graph and is only named by the dependences' subscripts and shared
   by the tasks; mcc compared no variable the tasks shared, so the replays kept waiting for
   the slot of the recording (ring[0]) and ran beside the producer of the current one */
#include <stdio.h>

#define R 4
#define M 256
#define STEPS 12

static double ring[R][M], total[R];

static void spin(void)
{
    for (volatile long i = 0; i < 3000000; i++)
        ;
}

int main(void)
{
    int slot = 0;
    for (int s = 0; s < STEPS; s++) {
        #pragma omp task depend(out: ring[slot]) firstprivate(slot, s)
        {
            spin();
            for (int i = 0; i < M; i++)
                ring[slot][i] = s + i * 0.001;
        }
        #pragma omp taskgraph
        {
            #pragma omp task depend(inout: ring[slot]) default(shared)
            for (int i = 0; i < M; i++)
                ring[slot][i] *= 2.0;
            #pragma omp task depend(in: ring[slot]) depend(inout: total[slot]) default(shared)
            for (int i = 0; i < M; i++)
                total[slot] += ring[slot][i];
        }
        #pragma omp taskwait
        slot = (slot + 1) % R;
    }
    for (int k = 0; k < R; k++)
        printf("slot %d: total %.3f first %.3f\n", k, total[k], ring[k][0]);
    return 0;
}
