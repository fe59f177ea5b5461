/* default(none) on a parallel region: a variable of the function used without a clause. */
int main(void)
{
    int n = 4, s = 0;
#pragma omp parallel default(none) shared(s)
    s = n * 2;
    return s - 8;
}
