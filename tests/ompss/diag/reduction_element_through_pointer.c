/* A reduction over an element reached through two pointers (`pp[1][2]` of a `double **`)
 * is not in one storage that a private copy could stand for: a "sorry" that says so (also
 * for whole rows `pp[1:2][:]`); an element of a pointer to rows (`double (*p)[4]`,
 * `p[1][2]`) is fine. */
void f(double **pp, double (*p)[4])
{
    #pragma omp parallel for reduction(+: p[1][2])
    for (int i = 0; i < 10; i++)
        p[1][2] += i;
    #pragma omp parallel for reduction(+: pp[1][2])
    for (int i = 0; i < 10; i++)
        pp[1][2] += i;
    #pragma omp parallel for reduction(+: pp[1:2][:])
    for (int i = 0; i < 10; i++)
        pp[1][2] += i;
}
