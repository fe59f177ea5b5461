/* ported: openmp
 * ported-werror
 * Worksharing loops whose variable is a pointer walking an array, as C codes write them:
 * an array of structs updated through `p->f`, `(*p).g` and a nested member `p->pos.x`,
 * a double array through `*q`, and a pointer loop reading neighbours while writing only
 * its own element.  Every iteration writes the element its pointer points at, so the
 * loops run in parallel with no warning (-Werror); the results equal the sequential
 * program's. */
#include <stdio.h>

#define N 1000

struct vec {
    double x, y;
};

struct particle {
    struct vec pos, vel;
    int id;
    double mass;
};

static struct particle parts[N];
static double field[N], out[N];

int main(void)
{
#pragma omp parallel for
    for (struct particle *p = parts; p < parts + N; p++) {
        p->id = (int)(p - parts);
        (*p).mass = 1.0 + p->id % 7;
        p->pos.x = p->id * 0.25;
        p->pos.y = -p->id * 0.5;
        p->vel = (struct vec){p->mass, 2 * p->mass};
    }
#pragma omp parallel for
    for (double *q = field; q < field + N; q++)
        *q = (double)(q - field) * 0.125;
#pragma omp parallel
    {
#pragma omp for
        for (double *q = out + 1; q < out + N - 1; q++) {
            long k = q - out;
            *q = (field[k - 1] + field[k] + field[k + 1]) / 3.0;
        }
#pragma omp for
        for (struct particle *p = parts + N - 1; p >= parts; p--) {
            p->pos.x += p->vel.x * 0.1;
            p->pos.y += p->vel.y * 0.1;
        }
    }
    double sx = 0, sy = 0, so = 0;
    long ids = 0;
    for (int i = 0; i < N; i++) {
        sx += parts[i].pos.x;
        sy += parts[i].pos.y;
        ids += parts[i].id;
        so += out[i];
    }
    printf("%.3f %.3f %ld %.4f\n", sx, sy, ids, so);
    return 0;
}
