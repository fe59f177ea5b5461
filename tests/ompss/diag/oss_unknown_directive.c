/* A word that is no directive after #pragma oss is an error (after #pragma omp it is a warning). */
int x, a[8];

void f(void)
{
#pragma oss tsak in(x)
    x++;
}
