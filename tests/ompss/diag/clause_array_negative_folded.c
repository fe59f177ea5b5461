/* gcc folds a conditional whose condition is constant whatever its other arm (here a
 * variable), so this size is -1, not a variable length: an error. */
static int data[8];

int main(void)
{
    int i = 1;
#pragma omp task inout(data[sizeof (char[1 ? -1 : i]) % 8])
    data[i] += 1;
#pragma omp taskwait
    return data[1] - 1;
}
