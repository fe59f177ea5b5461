/* -Wall -Wextra warnings inside task bodies (an unused variable, a signed/unsigned
 * comparison, a missing return value) are reported as in the sequential program, and
 * the generated code adds none of its own (capturing a volatile variable gave one). */
static int count(unsigned n)
{
    int hits = 0;
    volatile int step = 1;
    #pragma omp task shared(hits) firstprivate(n, step)
    {
        int unused_here;
        for (int i = 0; n > i; i++)
            hits += step;
    }
    #pragma omp taskwait
    return hits;
}

static int broken(int x)
{
    int r = 0;
    #pragma omp task shared(r)
    r = x;
    #pragma omp taskwait
    if (r > 1)
        return r;
}

int main(void)
{
    return count(3) + broken(2);
}
