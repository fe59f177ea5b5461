/* A worksharing reduction on a variable private in the parallel region it binds to: each
 * thread's copy would stand for the original (gcc -fopenmp: "private in outer context"). */
int main(void)
{
    int s = 0;
#pragma omp parallel private(s)
    {
        s = 0;
#pragma omp for reduction(+: s)
        for (int i = 0; i < 4; i++)
            s += i;
    }
    return s;
}
