/* A stand-alone directive cannot be the unbraced body of an else. */
int main(int argc, char **argv)
{
    (void)argv;
    if (argc > 1)
        argc = 0;
    else
#pragma omp barrier
    return argc;
}
