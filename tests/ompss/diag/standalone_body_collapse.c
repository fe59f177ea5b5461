/* A stand-alone directive cannot be the unbraced body of the innermost loop of a
 * worksharing loop nest either (found by the pragma mutants: mcc took it as the body). */
int m[4][4];
int main(void)
{
    int j;
#pragma omp for collapse(2) lastprivate(j)
    for (int r = 0; r < 4; r++)
        for (j = 0; j < 4; j++)
#pragma omp barrier
            m[r][j] = r * 4 + j;
    return m[3][3] - 15;
}
