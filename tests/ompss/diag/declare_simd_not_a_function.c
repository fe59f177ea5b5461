/* 'declare simd' applies to the function declared next (gcc -fopenmp: "'#pragma omp
 * declare simd' not immediately followed by a function declaration or definition"): the
 * line was dropped, whatever followed it. */
#pragma omp declare simd
double scale = 2.0;

double twice(double x)
{
    return scale * x;
}

int main(void)
{
    return twice(1.5) != 3.0;
}
