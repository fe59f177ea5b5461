/*
 * host_checks.c - the samples' fill and check code (plain C headers) compiled once by gcc
 * for the hand-written CUDA and OpenCL peers, so they fill and check exactly as the OmpSs
 * samples do.
 */
#include "../../samples/matmul/kernels.h"
#include "../../samples/nbody/nbody.h"
#include "host_checks.h"

void hc_mm_fill(double **t, int nt, int bs, int which) { mm_fill(t, nt, bs, which); }
int hc_mm_wrong_rows(double **c, int nt, int bs) { return matmul_wrong_rows(c, nt, bs); }
double hc_mm_value(int which, int r, int c) { return mm_value(which, r, c); }
void hc_nbody_init(float *pos, float *vel, int n) { nbody_init(pos, vel, n); }

int hc_nbody_wrong(const float *p0, const float *v0, const float *p, const float *v, int n,
                   float dt)
{
    return nbody_wrong_bodies(p0, v0, p, v, n, dt);
}

double hc_nbody_drift(const float *pa, const float *va, const float *pb, const float *vb, int n)
{
    return nbody_momentum_drift(pa, va, pb, vb, n);
}
