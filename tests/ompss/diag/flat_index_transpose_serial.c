/* A symmetric fill, m[i*n + j] and m[j*n + i] in one body, through a pointer each thread
 * copies: each form alone is the iteration's own, together they meet, so the loop runs as
 * one task (warned). */
void symmetric(double *data, int n)
{
#pragma omp parallel
    {
        double *m = data;
#pragma omp for schedule(dynamic)
        for (int i = 0; i < n; i++)
            for (int j = 0; j <= i; j++)
                m[i * n + j] = m[j * n + i] = 1.0 / (1 + i + j);
    }
}
