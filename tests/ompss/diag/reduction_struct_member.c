/* A reduction over a struct member (`s.sum`) is not implemented: the "sorry" names the
 * form; one element `m[1][1]`, a last-dimension section `m[1][0:3]`, whole rows
 * `m[0:2][:]`, sections in both dimensions `m[0:2][0:3]` and a subscript after a section
 * `m[0:2][1]` of an array are fine. */
struct acc {
    double sum;
};

int main(void)
{
    double m[3][3] = {{0}};
    struct acc s = {0};
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
    #pragma omp parallel for reduction(+: s.sum)
    for (int i = 0; i < 10; i++)
        s.sum += i;
    return (int)(m[1][1] + s.sum);
}
