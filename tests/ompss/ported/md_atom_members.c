/* ported: openmp
 * ported-werror
 * miniMD's integrator and half-neighbour force in C: one parallel region in main around
 * the time loop calls static functions with `&atom` (a struct every thread shares), and
 * each loads the arrays it works on from it (`MMD_float *x = atom->x, *v = atom->v;`)
 * before an orphaned `#pragma omp for` writing x[i * PAD + k]; the force loop updates
 * f[j * PAD + k] of neighbours with `omp atomic` and sums its energy in locals added
 * atomically after the loop; master bookkeeping between barriers; a `for nowait` whose
 * function returns before the loop's end.  Every thread loads the same pointers, so what
 * they point to is shared: mcc took x, v and f for each calling thread's own and ran every
 * loop as one task with a warning (built with -Werror). */
#include <stdio.h>
#include <stdlib.h>

#define PAD 3
#define MMD_float double
#define NATOMS 600
#define MAXNEIGHS 24

typedef struct {
  int nlocal, maxneighs;
  MMD_float *x, *v, *f;
  int *numneigh, *neighbors;
} Atom;

static MMD_float eng_vdwl, virial;
static const MMD_float dtforce = 0.0025, dt = 0.005, cutforcesq = 2.5 * 2.5;

static void initialIntegrate(Atom *atom)
{
  MMD_float *x = atom->x, *v = atom->v, *f = atom->f;
  const int nlocal = atom->nlocal;
#pragma omp for
  for (int i = 0; i < nlocal; i++) {
    v[i * PAD + 0] += dtforce * f[i * PAD + 0];
    v[i * PAD + 1] += dtforce * f[i * PAD + 1];
    v[i * PAD + 2] += dtforce * f[i * PAD + 2];
    x[i * PAD + 0] += dt * v[i * PAD + 0];
    x[i * PAD + 1] += dt * v[i * PAD + 1];
    x[i * PAD + 2] += dt * v[i * PAD + 2];
  }
}

/* (nowait: the region's barrier after the call waits for it) */
static void finalIntegrate(Atom *atom)
{
  MMD_float *v = atom->v;
  MMD_float *f = atom->f;
  const int nlocal = atom->nlocal;
#pragma omp for schedule(dynamic, 16) nowait
  for (int i = 0; i < nlocal; i++) {
    v[i * PAD + 0] += dtforce * f[i * PAD + 0];
    v[i * PAD + 1] += dtforce * f[i * PAD + 1];
    v[i * PAD + 2] += dtforce * f[i * PAD + 2];
  }
}

static void compute_halfneigh(Atom *atom)
{
  const int nlocal = atom->nlocal;
  const MMD_float *x = atom->x;
  MMD_float *f = atom->f;
  MMD_float t_energy = 0, t_virial = 0;
#pragma omp for
  for (int i = 0; i < nlocal; i++) {
    f[i * PAD + 0] = 0.0;
    f[i * PAD + 1] = 0.0;
    f[i * PAD + 2] = 0.0;
  }
#pragma omp for
  for (int i = 0; i < nlocal; i++) {
    const int *neighs = &atom->neighbors[i * atom->maxneighs];
    const int numneighs = atom->numneigh[i];
    const MMD_float xtmp = x[i * PAD + 0], ytmp = x[i * PAD + 1], ztmp = x[i * PAD + 2];
    MMD_float fix = 0.0, fiy = 0.0, fiz = 0.0;
    for (int k = 0; k < numneighs; k++) {
      const int j = neighs[k];
      const MMD_float delx = xtmp - x[j * PAD + 0];
      const MMD_float dely = ytmp - x[j * PAD + 1];
      const MMD_float delz = ztmp - x[j * PAD + 2];
      const MMD_float rsq = delx * delx + dely * dely + delz * delz;
      if (rsq < cutforcesq) {
        const MMD_float sr2 = 1.0 / rsq;
        const MMD_float sr6 = sr2 * sr2 * sr2;
        const MMD_float force = 48.0 * sr6 * (sr6 - 0.5) * sr2 * 1e-3;
        fix += delx * force;
        fiy += dely * force;
        fiz += delz * force;
#pragma omp atomic
        f[j * PAD + 0] -= delx * force;
#pragma omp atomic
        f[j * PAD + 1] -= dely * force;
#pragma omp atomic
        f[j * PAD + 2] -= delz * force;
        t_energy += sr6 * (sr6 - 1.0);
        t_virial += rsq * force;
      }
    }
#pragma omp atomic
    f[i * PAD + 0] += fix;
#pragma omp atomic
    f[i * PAD + 1] += fiy;
#pragma omp atomic
    f[i * PAD + 2] += fiz;
  }
  t_energy *= 4.0;
#pragma omp atomic
  eng_vdwl += t_energy;
#pragma omp atomic
  virial += t_virial;
#pragma omp barrier
}

static void setup(Atom *atom)
{
  atom->nlocal = NATOMS;
  atom->maxneighs = MAXNEIGHS;
  atom->x = malloc(sizeof(MMD_float) * NATOMS * PAD);
  atom->v = calloc(NATOMS * PAD, sizeof(MMD_float));
  atom->f = calloc(NATOMS * PAD, sizeof(MMD_float));
  atom->numneigh = malloc(sizeof(int) * NATOMS);
  atom->neighbors = malloc(sizeof(int) * NATOMS * MAXNEIGHS);
  for (int i = 0; i < NATOMS; i++) {
    atom->x[i * PAD + 0] = (i % 10) * 1.1 + (i % 3) * 0.01;
    atom->x[i * PAD + 1] = ((i / 10) % 10) * 1.1;
    atom->x[i * PAD + 2] = (i / 100) * 1.1 + (i % 7) * 0.01;
  }
  for (int i = 0; i < NATOMS; i++) {
    int c = 0;
    for (int j = i + 1; j < NATOMS && c < MAXNEIGHS; j++) {
      MMD_float dx = atom->x[i * PAD] - atom->x[j * PAD], dy = atom->x[i * PAD + 1] - atom->x[j * PAD + 1],
                dz = atom->x[i * PAD + 2] - atom->x[j * PAD + 2];
      if (dx * dx + dy * dy + dz * dz < 3.0)
        atom->neighbors[i * MAXNEIGHS + c++] = j;
    }
    atom->numneigh[i] = c;
  }
}

int main(void)
{
  Atom atom;
  int ntimes = 12, sorts = 0;
  MMD_float etot = 0, vtot = 0;
  setup(&atom);
#pragma omp parallel
  {
    for (int n = 0; n < ntimes; n++) {
      initialIntegrate(&atom);
#pragma omp barrier
#pragma omp master
      {
        if ((n + 1) % 5 == 0)
          sorts++;
        eng_vdwl = 0;
        virial = 0;
      }
#pragma omp barrier
      compute_halfneigh(&atom);
      finalIntegrate(&atom);
#pragma omp barrier
#pragma omp master
      {
        etot += eng_vdwl;
        vtot += virial;
      }
    }
  }
  MMD_float xs = 0, vs = 0;
  for (int i = 0; i < NATOMS * PAD; i++) {
    xs += atom.x[i] * (1 + i % 3);
    vs += atom.v[i] * atom.v[i];
  }
  printf("sorts %d energy %.6e virial %.6e\n", sorts, etot, vtot);
  printf("x %.9e v2 %.6e\n", xs, vs);
  return 0;
}
