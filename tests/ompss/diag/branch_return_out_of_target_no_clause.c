/* `return` out of a target region without clauses (OpenMP's: its statement runs on the
 * host), from a switch in it: refused, as gcc -fopenmp refuses it. */
static int mode;

int pick(int k)
{
    int r = 0;
#pragma omp target
    switch (k) {
    case 0:
        r = mode;
        break;
    default:
        return k;
    }
    return r;
}

int main(void)
{
    return pick(0);
}
