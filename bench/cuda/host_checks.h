/* host_checks.h - C entry points of host_checks.c (fill and check of the samples). */
#ifndef BENCH_HOST_CHECKS_H
#define BENCH_HOST_CHECKS_H
#ifdef __cplusplus
extern "C" {
#endif
void hc_mm_fill(double **t, int nt, int bs, int which);
int hc_mm_wrong_rows(double **c, int nt, int bs);
double hc_mm_value(int which, int r, int c);
void hc_nbody_init(float *pos, float *vel, int n);
int hc_nbody_wrong(const float *p0, const float *v0, const float *p, const float *v, int n,
                   float dt);
double hc_nbody_drift(const float *pa, const float *va, const float *pb, const float *vb, int n);
#ifdef __cplusplus
}
#endif
#endif
