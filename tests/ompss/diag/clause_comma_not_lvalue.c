/* A comma expression is a value, not an object: (v, b) cannot be a dependence. */
int v, b;
int main(void)
{
#pragma omp task inout((v, b))
    v++;
#pragma omp taskwait
    return v - 1;
}
