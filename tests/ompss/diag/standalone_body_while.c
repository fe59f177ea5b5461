/* A taskwait with clauses cannot be the unbraced body of a while loop either. */
int main(void)
{
    int x = 3;
    while (x > 0)
#pragma omp taskwait on(x)
    x--;
    return x;
}
