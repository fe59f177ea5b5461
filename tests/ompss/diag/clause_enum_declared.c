/* An enumeration declared in a clause outside a statement expression: the lowering copies the clause, and gcc would see it declared twice. */
static int data[8];

int main(void)
{
    int two = 2;
#pragma omp task inout(data[sizeof (enum { P = 2 })])
    data[2] += two;
#pragma omp taskwait
    return data[2] - 2;
}
