/* threadprivate comes before every use of its variable (OpenMP 5.0 2.19.2; gcc -fopenmp:
 * "'calls' declared 'threadprivate' after first use"): the uses before it named the one
 * variable all threads share; mcc built it. */
static int calls;

static void count(void)
{
    calls++;
}

#pragma omp threadprivate(calls)

int main(void)
{
    count();
    return calls != 1;
}
