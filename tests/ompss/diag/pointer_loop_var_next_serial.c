/* A loop whose variable is a pointer walking an array of structs writes the next
 * iteration's element through it (`p[1].w`): the iterations are not independent, so the
 * loop runs as one task (warned), the sequential result.  Writes to the element the
 * variable points at (`p->w`, `(*p).id`) alone keep it parallel (ported/pointer_loops). */
struct cell {
    double w;
    int id;
};

void smooth(struct cell *cells, int n)
{
#pragma omp parallel for
    for (struct cell *p = cells; p < cells + n - 1; p++)
        p[1].w += p->w * 0.5;
}
