/* A compound literal of ints whose first initializer is a string literal (the mutant of
 * campaign seed 16006): a string initializes only an array of characters. */
static int data[8];

int main(void)
{
    int i = 1;
#pragma omp task inout(data[((int[]){ "s", 2, 3 })[1] - 1])
    data[i] += 1;
#pragma omp taskwait
    return data[1] - 1;
}
