/* A reduction's section with constant bounds must lie inside the array and hold an
 * element (gcc: "length '10' above array section size", "negative low bound in array
 * section", "zero length array section"): its combine writes every element. */
int main(void)
{
    int a[8] = {0};
#pragma omp parallel for reduction(+ : a[2:10])
    for (int i = 0; i < 8; i++)
        a[2 + i % 6] += 1;
#pragma omp parallel for reduction(+ : a[-1:2])
    for (int i = 0; i < 8; i++)
        a[0] += 1;
#pragma omp parallel for reduction(+ : a[3:0])
    for (int i = 0; i < 8; i++)
        ;
#pragma omp parallel for reduction(+ : a[3:-2])
    for (int i = 0; i < 8; i++)
        ;
#pragma omp parallel for reduction(+ : a[8:])
    for (int i = 0; i < 8; i++)
        ;
    return a[0];
}
