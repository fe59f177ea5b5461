/* _Generic with no association for the type of its controlling expression (an unsigned
 * char: neither int nor unsigned) and no default. */
static int data[8];

int main(void)
{
    unsigned char c = 1;
#pragma omp task inout(data[_Generic(c, int: 0, unsigned: 1)])
    data[c] += 1;
#pragma omp taskwait
    return data[1] - 1;
}
