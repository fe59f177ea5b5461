/* Only '+' and '-' of an integer update a pointer in '#pragma omp atomic' (gcc -fopenmp:
 * "invalid operands to binary * (have 'int *' and 'int')"): gcc found it in the lowering's
 * compare-and-swap loop, at a column past the statement. */
int table[8];
int *cursor = table;

int main(void)
{
#pragma omp parallel
    {
#pragma omp atomic
        cursor *= 2;
    }
    return cursor != table;
}
