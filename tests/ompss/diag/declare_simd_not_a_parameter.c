/* The uniform, linear and aligned clauses of 'declare simd' name parameters of the function
 * declared next (gcc -fopenmp: "'stride' undeclared"): the line was dropped unread, typos
 * and all. */
#pragma omp declare simd uniform(stride) linear(i : 1)
double pick(const double *v, int i, int step)
{
    return v[i * step];
}

int main(void)
{
    double v[4] = { 1, 2, 3, 4 };
    return pick(v, 1, 2) != 3;
}
