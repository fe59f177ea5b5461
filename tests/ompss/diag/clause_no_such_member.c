/* A member the struct does not have, through a typedef. */
typedef struct { double x, y; } point_t;
void f(point_t *p)
{
#pragma omp task inout(p->z)
    p->x += 1;
#pragma omp taskwait
}
