/* ported: ompss
   ported-werror
   a streaming pipeline: frames in a ring of slots, stage function tasks
   with the OmpSs-1 input/output spellings and labels, a decode stage whose body creates
   inline tasks per half frame (nested dependences inside it), a shaped void * cast back
   in the clause ([n]((float *)buf)), statistics gathered by commutative tasks and a
   concurrent counter updated atomically, taskwait on(...) of one slot, priorities */
#include <stdio.h>
#include <string.h>

#define NSLOT 4
#define FLEN 64
#define NFRAMES 24

static float ring[NSLOT][FLEN];
static double stats[3];
static long frames_done;

#pragma omp task output([FLEN]dst) label(produce) priority(1)
static void produce(float *dst, int frame)
{
  for (int i = 0; i < FLEN; i++)
    dst[i] = (float)((frame * 37 + i * 11) % 101) / 10.0f;
}

#pragma omp task inout([n]((float *)buf)) label(decode)
static void decode(void *buf, int n)
{
  float *f = buf;
  int h = n / 2;
#pragma omp task inout(f[0;h])
  for (int i = 1; i < h; i++)
    f[i] += f[i - 1] * 0.5f;
#pragma omp task inout(f[h;n-h])
  for (int i = h + 1; i < n; i++)
    f[i] += f[i - 1] * 0.25f;
#pragma omp task in(f[h-1]) inout(f[h])
  f[h] += f[h - 1];
#pragma omp taskwait
}

#pragma omp task input([FLEN]src) commutative(stats) label(gather)
static void gather(const float *src, int frame)
{
  double s = 0, mx = -1e30;
  for (int i = 0; i < FLEN; i++) {
    s += src[i];
    if (src[i] > mx)
      mx = src[i];
  }
  stats[0] += (double)(long)(s * 100) * (frame % 3 + 1);
  if (mx > stats[1])
    stats[1] = mx;
  stats[2] += 1;
}

#pragma omp task concurrent(frames_done) input([FLEN]src)
static void count(const float *src)
{
  if (src[0] >= 0)
#pragma omp atomic
    frames_done++;
}

int main(void)
{
  double seen = 0;
  for (int f = 0; f < NFRAMES; f++) {
    float *slot = ring[f % NSLOT];
    produce(slot, f);
    decode(slot, FLEN);
    gather(slot, f);
    count(slot);
    if (f == NFRAMES / 2) {
#pragma omp taskwait on(ring[f % NSLOT])
      seen = ring[f % NSLOT][FLEN - 1];
    }
  }
#pragma omp taskwait
  printf("frames %ld sum %.3f max %.3f n %.0f seen %.4f last %.4f\n", frames_done, stats[0],
         stats[1], stats[2], seen, ring[(NFRAMES - 1) % NSLOT][FLEN - 1]);
  return 0;
}
