/* A stand-alone directive cannot be the unbraced body of an if: an error at the pragma. */
int main(int argc, char **argv)
{
    (void)argv;
    if (argc > 1)
        #pragma omp taskwait
    return 0;
}
