/* ported: ompss
   ported-werror
   Tasks that take their own copy of global data with inprivate: a global scalar
   `inprivate(gx)`, a global array `inprivate(garr)` and a global reached through a global
   pointer `inprivate(*gp)`, after a slow writer of all three; each task scribbles on its
   copy while an earlier reader (`in(...)`, run at the same time, waiting a little) reads the
   originals; mcc shared the globals with the tasks and the reader saw the scribbles */
#include <stdio.h>
#include <unistd.h>

double gx = 1, gy = 2;
double *gp = &gy;
long garr[4] = { 1, 2, 3, 4 };

int main(void)
{
  double out[4] = { 0, 0, 0, 0 };
  #pragma omp task out(gx, gy, garr)
  {
    usleep(20000);
    gx = 5;
    gy = 7;
    garr[1] = 20;
  }
  #pragma omp task in(gx, gy, garr) out(out[0])
  {
    usleep(40000);
    out[0] = gx + gy + (double)(garr[0] + garr[1] + garr[2] + garr[3]);
  }
  #pragma omp task inprivate(gx) out(out[1])
  {
    gx += 1;
    out[1] = gx;
    gx = -100;
  }
  #pragma omp task inprivate(*gp) out(out[2])
  {
    out[2] = *gp * 2;
    *gp = -100;
  }
  #pragma omp task inprivate(garr) out(out[3])
  {
    garr[1] += 1;
    out[3] = (double)garr[1];
    garr[1] = -100;
  }
  #pragma omp taskwait
  printf("reader %.1f copies %.1f %.1f %.1f\n", out[0], out[1], out[2], out[3]);
  return 0;
}
