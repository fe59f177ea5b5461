/* A reduction over a section of read-only elements: a pointer to const and an array of
 * const.  The combine writes them. */
static const int table[4] = {1, 2, 3, 4};

void f(const int *w, int n)
{
#pragma omp parallel for reduction(+: w[0:4])
    for (int i = 0; i < n; i++)
        ;
#pragma omp parallel for reduction(+: table[1:2])
    for (int i = 0; i < n; i++)
        ;
}

int main(void)
{
    f(table, 4);
    return 0;
}
