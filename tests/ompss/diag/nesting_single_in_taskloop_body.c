/* `single` as the unbraced body of a taskloop's loop: closely nested in the taskloop, an
 * error (mcc used to drop the pragma silently and run the body in every iteration). */
int main(void)
{
    int v[16] = {0};
#pragma omp taskloop grainsize(4)
    for (int i = 0; i < 16; i++)
#pragma omp single
        v[i] = i;
    return v[3] - 3;
}
