/* A const local named in `private` (a size read from the command line, "made private for
 * speed"): the copy would never have a value, and OpenMP allows a const variable only in
 * shared and firstprivate (gcc -fopenmp refuses it); mcc accepted it. */
int main(int argc, char **argv)
{
    const int n = argc + 3;
    int s = 0;
    (void)argv;
#pragma omp parallel for private(n) reduction(+: s)
    for (int i = 0; i < 4; i++)
        s += n;
    return s == 16 ? 0 : 1;
}
