/* Empty braces for a double element of a compound literal in a clause: gcc refuses an
 * empty scalar initializer. */
static int data[8];

int main(void)
{
    int i = 1;
#pragma omp task inout(data[(int)((double[3]){ 1, {} })[0]])
    data[i] += 1;
#pragma omp taskwait
    return data[1] - 1;
}
