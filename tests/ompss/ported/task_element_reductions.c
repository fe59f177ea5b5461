/* ported: ompss
   ported-werror
   OmpSs tasks reducing into array elements: `reduction(+: s[1])` on a 1-D array,
   `reduction(+: m[i][j])` on a matrix with the element chosen by variables, a row's
   inclusive section `m[2][1:3]` (OmpSs lo:hi), and a function task with
   `reduction(+: s[0])` on a pointer parameter; the other elements keep their values.
   mcc said "sorry, unimplemented: this form of reduction" */
#include <stdio.h>

#pragma omp task reduction(+: s[0])
static void add(long *s, int k)
{
    s[0] += k;
}

int main(void)
{
    long s[4] = {1, 2, 3, 4};
    long m[3][5];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 5; j++)
            m[i][j] = 10 * i + j;
    int i = 1, j = 3;
    for (int k = 0; k < 100; k++) {
        #pragma omp task reduction(+: s[1]) firstprivate(k)
        s[1] += k;
        #pragma omp task reduction(+: m[i][j]) firstprivate(k)
        m[i][j] += 2 * k;
        #pragma omp task reduction(+: m[2][1:3]) firstprivate(k)
        {
            m[2][1] += k;
            m[2][3] += k % 5;
        }
    }
    for (int k = 0; k < 10; k++)
        add(&s[2], k);
    #pragma omp taskwait
    printf("s %ld %ld %ld %ld\n", s[0], s[1], s[2], s[3]);
    for (int r = 0; r < 3; r++) {
        for (int c = 0; c < 5; c++)
            printf(" %ld", m[r][c]);
        printf("\n");
    }
    return 0;
}
