/* ported: ompss
   ported-werror
   OmpSs dependences as OmpSs programs write them: on struct members through pointers
   (`in(p->pos)`, `out(s->acc[0;4])`), on an array of structs' elements, multidependences
   (`in({blk[k], k = 0:n-1})`), `concurrent` with atomic updates, function tasks that
   return through an out pointer and `taskwait on(*r)` */
#include <stdio.h>

#define NB 16

struct body {
    double pos[3];
    double acc[4];
    long tag;
};

static struct body bodies[NB];
static double total_energy;

#pragma omp task out(*r) in(b->pos)
static void norm2(const struct body *b, double *r)
{
    *r = b->pos[0] * b->pos[0] + b->pos[1] * b->pos[1] + b->pos[2] * b->pos[2];
}

#pragma omp task concurrent(total_energy) in(*v)
static void add_energy(const double *v)
{
    #pragma omp atomic
    total_energy += *v;
}

int main(void)
{
    double n2[NB];
    for (int i = 0; i < NB; i++) {
        struct body *b = &bodies[i];
        #pragma omp task out(b->pos, b->tag)
        {
            for (int k = 0; k < 3; k++)
                b->pos[k] = (i + 1) * (k + 1) * 0.5;
            b->tag = i * 100;
        }
    }
    for (int i = 0; i < NB; i++)
        norm2(&bodies[i], &n2[i]);
    for (int i = 0; i < NB; i++) {
        struct body *s = &bodies[i];
        #pragma omp task in(n2[i], s->pos) out(s->acc[0;4])
        for (int k = 0; k < 4; k++)
            s->acc[k] = n2[i] * k - s->pos[k % 3];
    }
    for (int i = 0; i < NB; i++)
        add_energy(&n2[i]);
    double summary = 0;
    #pragma omp task in({bodies[k].acc, k = 0:NB-1}) in(total_energy) out(summary)
    {
        for (int k = 0; k < NB; k++)
            summary += bodies[k].acc[3] + bodies[k].tag;
        summary += total_energy;
    }
    #pragma omp taskwait on(summary)
    printf("summary %.3f\n", summary);
    double last;
    norm2(&bodies[NB - 1], &last);
    #pragma omp taskwait on(last)
    printf("last %.3f energy %.3f\n", last, total_energy);
    return 0;
}
