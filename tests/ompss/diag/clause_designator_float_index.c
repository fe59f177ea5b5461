/* An array designator in a compound literal of a clause must be an integer (a mutant of the
 * 10-minute campaign, seed 16002: `[.5] = 1.0`). */
static int data[8];

int main(void)
{
#pragma omp task inout(data[((double[4]){[.5] = 1.0, 2})[1] > 1])
    data[1] += 1;
#pragma omp taskwait
    return data[1] - 1;
}
