/* A stand-alone directive cannot be the unbraced body of a do loop. */
int main(void)
{
    int x = 3;
    do
#pragma omp taskwait
        x--;
    while (x > 0);
    return x;
}
