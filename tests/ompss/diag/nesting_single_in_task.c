/* A worksharing construct (single) closely nested inside a task: an error at `single`. */
static void fill(int *v, int n)
{
    for (int i = 0; i < n; i++) {
#pragma omp task firstprivate(i)
        {
            v[i] = i;
#pragma omp single
            v[0] += 1;
        }
    }
#pragma omp taskwait
}

int main(void)
{
    int v[8];
    fill(v, 8);
    return v[1] - 1;
}
