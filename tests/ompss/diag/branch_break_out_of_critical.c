/* `break` in a critical construct that ends the loop around it leaves the critical's
 * structured block: an error at the break, as gcc -fopenmp gives. */
int main(void)
{
    int n = 0;
    for (int i = 0; i < 10; i++) {
#pragma omp critical
        {
            if (i == 3)
                break;
            n++;
        }
    }
    return n - 3;
}
