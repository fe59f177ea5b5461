/* default(none): a local the task uses must be listed in a data-sharing clause. */
int main(void)
{
    int a = 1, b = 0;
#pragma omp task default(none) shared(b)
    b = a;
#pragma omp taskwait
    return b - 1;
}
