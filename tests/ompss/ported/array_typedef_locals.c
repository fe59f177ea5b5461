/* ported: openmp
   ported-werror
   locals whose array type a typedef gives (`vec3 last;` with `typedef double vec3[3];`, a
   typedef of that typedef): lastprivate on `taskloop` and `parallel for` and on a `for` in
   a region, firstprivate and shared in tasks; mcc took every such local for an array sized
   by its initializer and said "sorry, unimplemented: lastprivate 'last', whose type is
   declared inside the function" */
#include <stdio.h>

typedef double vec3[3];
typedef vec3 point_t;

static void centroid_last(const double *xs, int n)
{
    vec3 last = {0, 0, 0};
#pragma omp taskloop lastprivate(last) grainsize(3)
    for (int i = 0; i < n; i++) {
        last[0] = xs[i];
        last[1] = xs[i] * 2;
        last[2] = i;
    }
    printf("taskloop last %.2f %.2f %.0f\n", last[0], last[1], last[2]);
}

int main(void)
{
    double xs[20];
    for (int i = 0; i < 20; i++)
        xs[i] = 0.5 * i + (i % 3);
    point_t p = {0, 0, 0};
#pragma omp parallel for lastprivate(p)
    for (int i = 0; i < 20; i++) {
        p[0] = xs[i];
        p[1] = xs[19 - i];
        p[2] = p[0] + p[1];
    }
    printf("parallel for last %.2f %.2f %.2f\n", p[0], p[1], p[2]);
    vec3 q;
#pragma omp parallel
    {
#pragma omp for lastprivate(q) schedule(dynamic, 2)
        for (int i = 0; i < 20; i++) {
            q[0] = i;
            q[1] = xs[i] - i;
            q[2] = -xs[i];
        }
#pragma omp single
        centroid_last(xs, 20);
    }
    printf("for last %.2f %.2f %.2f\n", q[0], q[1], q[2]);
    vec3 sums = {0, 0, 0};
    int weights[] = {3, 1, 4, 1, 5};
    point_t origin = {1, 2, 3};
#pragma omp parallel
#pragma omp single
    for (int k = 0; k < 3; k++) {
#pragma omp task firstprivate(origin, weights) shared(sums)
        {
            double s = 0;
            for (int w = 0; w < (int)(sizeof weights / sizeof weights[0]); w++)
                s += weights[w] * origin[k];
            sums[k] = s;
        }
    }
    printf("sums %.1f %.1f %.1f\n", sums[0], sums[1], sums[2]);
    return 0;
}
