/* A declared reduction is visible from its directive to the end of its block: `acc`,
 * declared inside scale() for int, is unknown in sum() after it (gcc: "user defined
 * reduction not found for 's'"); mcc took scale()'s combine there, silently.  Inside
 * scale(), an inner block's `acc` for double does not hide the int one, and the name's
 * two declarations there give a float nothing (no declaration for 'float'). */
int scale(int n)
{
#pragma omp declare reduction(acc : int : omp_out *= omp_in) initializer(omp_priv = 1)
    int p = 1;
    float f = 1;
    {
#pragma omp declare reduction(acc : double : omp_out *= omp_in) initializer(omp_priv = 1)
#pragma omp parallel for reduction(acc : p)
        for (int i = 1; i <= n; i++)
            p *= i;
#pragma omp parallel for reduction(acc : f)
        for (int i = 1; i <= n; i++)
            f *= i;
    }
    return p + (int)f;
}

int sum(int n)
{
    int s = 0;
#pragma omp parallel for reduction(acc : s)
    for (int i = 0; i < n; i++)
        s += i;
    return s;
}
