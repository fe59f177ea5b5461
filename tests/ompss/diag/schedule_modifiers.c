/* schedule modifiers (OpenMP 4.5): monotonic and nonmonotonic exclude each other (gcc:
 * "both 'monotonic' and 'nonmonotonic' modifiers specified"); an unknown modifier; a
 * modifier without ':'.  `simd` may go with either. */
int main(void)
{
    int a[8];
#pragma omp parallel for schedule(simd, nonmonotonic : dynamic)
    for (int i = 0; i < 8; i++)
        a[i] = i;
#pragma omp parallel for schedule(monotonic, nonmonotonic : dynamic)
    for (int i = 0; i < 8; i++)
        a[i] = i;
#pragma omp parallel for schedule(steady : dynamic)
    for (int i = 0; i < 8; i++)
        a[i] = i;
#pragma omp parallel for schedule(monotonic dynamic)
    for (int i = 0; i < 8; i++)
        a[i] = i;
    return a[0];
}
