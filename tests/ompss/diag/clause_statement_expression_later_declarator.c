/* The second declarator of a statement expression's declaration has its type too: q is a
 * pointer, and q + 1 no index (a mutant of the 10-minute campaign, seed 16003). */
static int data[8];

int main(void)
{
    int two = 2, *p = &two;
#pragma omp task inout(data[({ int a = 1, *q = p; q + a; })])
    data[1] += 1;
#pragma omp taskwait
    return data[1] - 1;
}
