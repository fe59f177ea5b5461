/* An inline task must be followed by a statement, not a declaration. */
int main(void)
{
#pragma omp task
    int x = 3;
    return x - 3;
}
