/* A worksharing firstprivate (also lastprivate, reduction) naming a variable the parallel
 * region's body declares: each thread has its own, so each thread's copy would stand for
 * the original (gcc -fopenmp: "firstprivate variable 'scale' is private in outer context");
 * mcc accepted it and ran the loop as a team of one would. */
int main(void)
{
    double r = 0;
#pragma omp parallel
    {
        double scale = 2.0;
#pragma omp for firstprivate(scale)
        for (int i = 0; i < 10; i++)
            scale += i;
#pragma omp critical
        r += scale;
    }
    return r > 0;
}
