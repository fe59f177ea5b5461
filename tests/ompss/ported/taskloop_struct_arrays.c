/* ported: openmp
 * ported-werror
 * taskloop over a struct of arrays: a global struct's array members updated through the
 * struct and through a pointer to it with `grainsize`, `num_tasks` with `reduction(+)` and
 * `reduction(max)` on locals, `collapse(2)` over a grid member reached through a pointer
 * member (`g->v[i * g->ny + j]`) with `reduction(+)`, a struct of parameters `firstprivate`,
 * `lastprivate` of a local, `shared` of a local struct, `nogroup` taskloops followed by
 * `taskwait`, all inside `parallel`/`single`; `parallel masked taskloop` and `masked
 * taskloop simd` with `filter(0)`. */
#include <stdio.h>
#include <stdlib.h>

#define NP 1000

struct particles {
    double x[NP], y[NP];
    double vx[NP], vy[NP];
    int cell[NP];
};

struct grid {
    int nx, ny;
    double *v;
};

struct params {
    double dt;
    int ncell;
    double box;
};

static struct particles P;

static void step(struct particles *p, struct params prm)
{
#pragma omp taskloop grainsize(64) firstprivate(prm)
    for (int i = 0; i < NP; i++) {
        p->x[i] += prm.dt * p->vx[i];
        p->y[i] += prm.dt * p->vy[i];
        if (p->x[i] >= prm.box)
            p->x[i] -= prm.box;
        if (p->y[i] >= prm.box)
            p->y[i] -= prm.box;
        p->cell[i] = (int)(p->x[i] / prm.box * prm.ncell) * prm.ncell
                   + (int)(p->y[i] / prm.box * prm.ncell);
    }
}

int main(void)
{
    struct params prm = { .dt = 0.125, .ncell = 8, .box = 64.0 };
    for (int i = 0; i < NP; i++) {
        P.x[i] = (double)(i % 64);
        P.y[i] = (double)((i * 7) % 64);
        P.vx[i] = (double)(i % 5) - 2.0;
        P.vy[i] = (double)(i % 3);
        if (P.vx[i] < 0)
            P.vx[i] = -P.vx[i];
    }
    struct grid g = { 40, 30, NULL };
    g.v = malloc(sizeof(double) * (size_t)(g.nx * g.ny));
    struct grid *gp = &g;

    double ekin = 0.0, vmax = 0.0, gsum = 0.0;
    long cells = 0;
    int last = -1;
#pragma omp parallel
#pragma omp single
    {
        for (int s = 0; s < 4; s++)
            step(&P, prm);
#pragma omp taskloop num_tasks(7) reduction(+: ekin) reduction(max: vmax)
        for (int i = 0; i < NP; i++) {
            double v2 = P.vx[i] * P.vx[i] + P.vy[i] * P.vy[i];
            ekin += 0.5 * v2;
            if (v2 > vmax)
                vmax = v2;
        }
#pragma omp taskloop collapse(2) grainsize(50) shared(g)
        for (int i = 0; i < g.nx; i++)
            for (int j = 0; j < g.ny; j++)
                g.v[i * g.ny + j] = (double)((i + 2 * j) % 9) * 0.5;
#pragma omp taskloop collapse(2) reduction(+: gsum) num_tasks(5)
        for (int i = 0; i < gp->nx; i++)
            for (int j = 0; j < gp->ny; j++)
                gsum += gp->v[i * gp->ny + j] * (double)(P.cell[(i * gp->ny + j) % NP] % 4);
#pragma omp taskloop grainsize(100) reduction(+: cells)
        for (int i = 0; i < NP; i++)
            cells += P.cell[i];
#pragma omp taskloop lastprivate(last) grainsize(33)
        for (int i = 0; i < NP; i++)
            last = P.cell[i] + i;
#pragma omp taskloop nogroup num_tasks(3)
        for (int i = 0; i < NP; i += 2)
            P.cell[i] = -1;
#pragma omp taskwait
    }
    long neg = 0;
    double xs = 0.0;
    for (int i = 0; i < NP; i++) {
        neg += P.cell[i] < 0;
        xs += P.x[i] + 2.0 * P.y[i];
    }
    /* the combined constructs of OpenMP 5.1 with masked's filter (mcc said "clause
       'filter' is not allowed in 'taskloop' directive") */
    double vsum = 0.0, vsum2 = 0.0;
#pragma omp parallel masked taskloop reduction(+: vsum) filter(0) grainsize(128)
    for (int i = 0; i < NP; i++)
        vsum += P.vx[i];
#pragma omp parallel
    {
#pragma omp masked taskloop simd filter(0) reduction(+: vsum2) num_tasks(4)
        for (int i = 0; i < NP; i++)
            vsum2 += P.vy[i];
    }
    printf("particles: xs=%.3f ekin=%.3f vmax=%.3f vsum=%.1f vsum2=%.1f\n", xs, ekin, vmax,
           vsum, vsum2);
    printf("grid: sum=%.3f cells=%ld last=%d negative=%ld\n", gsum, cells, last, neg);
    free(g.v);
    return 0;
}
