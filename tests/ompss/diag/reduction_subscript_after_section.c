/* A reduction over a subscript after a section (`m[0:2][1]`) is not implemented: the
 * "sorry" names the form; one element `m[1][1]`, a last-dimension section `m[1][0:3]`,
 * whole rows `m[0:2][:]` and sections in both dimensions `m[0:2][0:3]` of the same array
 * are fine. */
int main(void)
{
    double m[3][3] = {{0}};
    #pragma omp parallel for reduction(+: m[1][0:3])
    for (int i = 0; i < 10; i++)
        m[1][i % 3] += i;
    #pragma omp parallel for reduction(+: m[0:2][:])
    for (int i = 0; i < 10; i++)
        m[i % 2][1] += i;
    #pragma omp parallel for reduction(+: m[0:2][0:3])
    for (int i = 0; i < 10; i++)
        m[i % 2][0] += i;
    #pragma omp parallel for reduction(+: m[0:2][1])
    for (int i = 0; i < 10; i++)
        m[i % 2][1] += i;
    return (int)m[1][1];
}
