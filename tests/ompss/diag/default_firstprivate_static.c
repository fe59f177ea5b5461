/* default(firstprivate) on a parallel region: a variable with static storage the region
 * names must be listed (gcc: "'g' not specified in enclosing 'parallel'"); locals become
 * the region's copies. */
int g = 3;

int main(void)
{
    int x = 1;
#pragma omp parallel default(firstprivate)
    {
        x += 10;
        g++;
    }
    return x + g;
}
