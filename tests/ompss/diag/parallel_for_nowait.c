/* `nowait` on a combined `parallel for` (a loop's clauses moved onto the combined
 * construct when a code was restructured): the region's end waits anyway, and OpenMP does
 * not allow the clause there; mcc accepted it. */
int main(void)
{
    int a[8] = {0};
#pragma omp parallel for nowait
    for (int i = 0; i < 8; i++)
        a[i] += i;
    return a[3] - 3;
}
