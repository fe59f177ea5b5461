/* a cancel of a worksharing construct with nowait cancels nothing: OpenMP does not allow
 * cancelling such a construct (gcc: "'cancel for' inside 'nowait' for construct"). */
int main(void)
{
    int a[8] = {0};
#pragma omp parallel
    {
#pragma omp for nowait
        for (int i = 0; i < 8; i++) {
#pragma omp cancel for if(a[i] > 1)
            a[i] = i;
        }
    }
    return a[0];
}
