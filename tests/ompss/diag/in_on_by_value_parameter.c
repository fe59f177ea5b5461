/* in on a by-value parameter is only a warning (the value is already captured). */
#pragma omp task in(n) inout([n]v)
void g(int *v, int n)
{
    for (int i = 0; i < n; i++)
        v[i]++;
}

int main(void)
{
    int v[4] = {0};
    g(v, 4);
#pragma omp taskwait
    return v[0] - 1;
}
