/* `break` out of the body of a simd loop (run as written): gcc -fopenmp says "break
 * statement used with OpenMP for loop", mcc reports it at the break. */
int main(void)
{
    int v[8] = {0};
#pragma omp simd
    for (int i = 0; i < 8; i++) {
        if (i == 5)
            break;
        v[i] = 1;
    }
    return v[0] - 1;
}
