/* An array incremented in a clause, `prio++[i]` (a mutant of priority_order.c that the
 * one-hour campaign found accepted): an array is not a modifiable lvalue. */
static int order[4];

int main(void)
{
    static const int prio[4] = {3, -2, 7, 0};
    for (int i = 0; i < 4; i++) {
#pragma omp task priority(prio++[i])
        order[i] = prio[i];
    }
#pragma omp taskwait
    return order[0] - 3;
}
