/* An atomic update adding a struct: mcc says the operand is not a scalar, at it, as gcc
 * -fopenmp does; gcc found it in the lowering's compare-and-swap loop ("invalid operands
 * to binary +") at a column past the end of the statement. */
struct pair { int a, b; };

int main(void)
{
    int x = 0;
    struct pair p = {1, 2};
#pragma omp atomic
    x += p;
    return x;
}
