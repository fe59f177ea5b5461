/* Inside `sections`, every statement after the first `section` needs its own. */
int main(void)
{
    int a = 0, b = 0;
#pragma omp sections
    {
#pragma omp section
        a = 1;
        b = 2;
    }
    return a + b - 3;
}
