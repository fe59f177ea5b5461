/* A function task defined K&R style: mcc says it cannot make it a task, at its name; it
 * said "'n' undeclared" at the clause, about a parameter that is declared. */
#pragma omp task inout([n]a)
void work(a, n)
    int *a;
    int n;
{
    a[0] = n;
}

int main(void)
{
    int a[4];
    work(a, 4);
#pragma omp taskwait
    return a[0] == 4 ? 0 : 1;
}
