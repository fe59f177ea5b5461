/* A `case` of a switch outside the task, inside its body, would jump into the task. */
int main(int argc, char **argv)
{
    (void)argv;
    int x = 0;
    switch (argc) {
    case 0:
#pragma omp task shared(x)
        {
            x = 1;
    case 1:
            x = 2;
        }
    }
#pragma omp taskwait
    return x - 2;
}
