/* Reductions on array sections of read-only data: a parameter written as an array of
 * const (`const int w[4]`, a pointer to const; the 30-minute campaign's mutant of
 * knapsack_bnb.c, seed 16032) and a pointer to const.  The combine writes the items, so
 * gcc refused mcc's output ("assignment of read-only location"). */
static void f(const int w[4], const int *p)
{
#pragma omp task reduction(+ : [4] w)
    ;
#pragma omp task reduction(+ : [4] p)
    ;
#pragma omp taskwait
}

int main(void)
{
    int a[4] = {0};
    f(a, a);
    return 0;
}
