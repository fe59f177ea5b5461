/* A goto out of a teams construct (its statement runs as written on the host): refused at
 * the goto, as gcc -fopenmp refuses it. */
int g;

int main(void)
{
#pragma omp teams
    {
        if (g > 2)
            goto out;
        g++;
    }
out:
    return g - 1;
}
