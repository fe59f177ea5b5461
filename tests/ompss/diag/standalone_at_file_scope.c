/* A directive that runs code cannot stand at file scope. */
int data[4];
#pragma omp taskwait
int main(void)
{
    return data[0];
}
