/* A function task called before any declaration of it (its pragma'd definition comes
 * after main, with no prototype before): the call is an implicit declaration, not a task,
 * and mcc says so at the call; gcc only warned of the implicit declaration. */
int main(void)
{
    int a[4];
    work(a, 4);
#pragma omp taskwait
    return a[0] == 4 ? 0 : 1;
}

#pragma omp task out([n]a)
void work(int *a, int n)
{
    a[0] = n;
}
