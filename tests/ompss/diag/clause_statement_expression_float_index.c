/* A floating index on an array declared in a clause's statement expression (a mutant of
 * the 10-minute campaign): whatever the array's type, `b[1.5]` is not C. */
static int data[8];

int main(void)
{
#pragma omp task inout(data[({ int b[2] = {1, 2}; b[1.5]; })])
    data[2] += 1;
#pragma omp taskwait
    return data[2] - 1;
}
