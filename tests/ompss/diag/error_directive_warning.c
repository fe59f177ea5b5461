/* #pragma omp error severity(warning) at compilation: a warning, the build goes on. */
int main(void)
{
    int x = 1;
#pragma omp error severity(warning) message("the slow path is compiled in")
    return x - 1;
}
