/* A compound literal subscripted with a string (a mutant of the 10-minute campaign): a
 * pointer is not an index. */
static int data[16];

int main(void)
{
#pragma omp task inout(data[((int[]){7, 8})["s"]])
    data[7] += 1;
#pragma omp taskwait
    return data[7] - 1;
}
