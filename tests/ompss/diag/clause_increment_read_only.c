/* `++prio[i]` in a clause, prio an array of const: a read-only location (a mutant of the
 * 10-minute campaign, seed 16002). */
static const int prio[4] = {1, 2, 3, 4};
static int data[8];

int main(void)
{
    int i = 1;
#pragma omp task priority(++prio[i]) inout(data[i])
    data[i] += 1;
#pragma omp taskwait
    return data[1] - 1;
}
