/* Each item of a sink vector names the iteration variable of its loop of the doacross nest
 * (gcc -fopenmp: "variable 'j' is not an iteration of outermost loop 1, expected 'i'"): mcc
 * skipped the vector unread, and built the loop. */
int main(void)
{
    int a[16] = { 1 }, j = 0;
#pragma omp parallel for ordered(1)
    for (int i = 1; i < 16; i++) {
#pragma omp ordered depend(sink: j - 1)
        a[i] = a[i - 1] + 1;
#pragma omp ordered depend(source)
    }
    return a[15] != 16 + j;
}
