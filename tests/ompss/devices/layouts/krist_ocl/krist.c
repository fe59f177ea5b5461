/* krist.c - crystallographic structure factors, the reflections split into one task per
 * OpenCL device (nanos_get_opencl_num_devices(), as the OmpSs example splits them), three
 * rounds; checked against a double-precision sum on the host (mean absolute difference
 * below 1e-3 per reflection).  Exit 0 and "result: OK". */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <krist.h>

#define NATOMS 1000
#define NREFL 2000

static float atoms[ATOM_W * NATOMS], refl[REFL_W * NREFL];
static float want[FACT_W * NREFL], got[FACT_W * NREFL];

static float norm_of(void)
{
    float s = 0.0f;
    for (int i = 0; i < NATOMS; i++)
        s += atoms[ATOM_W * i] * atoms[ATOM_W * i];
    return 1.0f / sqrtf(s);
}

static void reference(void)
{
    double norm = norm_of();
    for (int r = 0; r < NREFL; r++) {
        const float *q = refl + REFL_W * r;
        double re = 0, im = 0;
        for (int j = 0; j < NATOMS; j++) {
            const float *at = atoms + ATOM_W * j;
            double ph = 6.28318584 * (q[0] * at[1] + q[1] * at[2] + q[2] * at[3]);
            re += at[0] * cos(ph);
            im += at[0] * sin(ph);
        }
        want[FACT_W * r] = (float)(re * norm);
        want[FACT_W * r + 1] = (float)(im * norm);
    }
}

static void on_devices(void)
{
    int parts = (int)nanos_get_opencl_num_devices();
    if (parts < 1)
        parts = 1;      /* no OpenCL device: the kernel translated to C runs */
    int per = NREFL / parts;
    int chunk = (16384 - 2048) / (int)(sizeof(float) * ATOM_W);
    for (int first = 0; first < NREFL; first += per) {
        int nr = first + per <= NREFL ? per : NREFL - first;
        structfac(NATOMS, nr, chunk, norm_of(), ATOM_W * NATOMS, atoms, REFL_W * nr,
                  refl + REFL_W * first, FACT_W * nr, got + FACT_W * first);
    }
}

int main(void)
{
    srand(3);
    for (int i = 0; i < NATOMS; i++) {
        atoms[ATOM_W * i] = i & 1 ? 6.0f : 7.0f;
        for (int j = 1; j < ATOM_W; j++)
            atoms[ATOM_W * i + j] = (float)rand() / (float)RAND_MAX;
    }
    for (int r = 0; r < NREFL; r++) {
        refl[REFL_W * r + 0] = rintf(40 * (float)rand() / (float)RAND_MAX - 20);
        refl[REFL_W * r + 1] = rintf(60 * (float)rand() / (float)RAND_MAX - 30);
        refl[REFL_W * r + 2] = rintf(30 * (float)rand() / (float)RAND_MAX - 15);
    }
    reference();
    for (int round = 0; round < 3; round++)
        on_devices();
#pragma omp taskwait
    double dif = 0;
    for (int i = 0; i < FACT_W * NREFL; i++)
        dif += fabsf(want[i] - got[i]);
    printf("sum of differences %g, mean %g\n", dif, dif / NREFL);
    int ok = dif / NREFL < 1e-3;
    printf(ok ? "result: OK\n" : "result: WRONG\n");
    return !ok;
}
