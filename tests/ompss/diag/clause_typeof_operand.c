/* The operand of typeof in a clause is an expression or a type name, not "void 1". */
static int data[8];

int main(void)
{
    int i = 1;
#pragma omp task inout(data[sizeof (typeof(void 1)) % 8 + 1])
    data[i] += 1;
#pragma omp taskwait
    return data[1] - 1;
}
