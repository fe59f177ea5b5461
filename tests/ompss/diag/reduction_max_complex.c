/* `max` on a complex item (complex numbers have no order): mcc's error, not gcc's "invalid
 * operands to binary >" on generated code. */
typedef double _Complex cplx;
int main(void)
{
    cplx peak = 0;
#pragma omp parallel for reduction(max: peak)
    for (int i = 0; i < 8; i++)
        peak += i;
    return (int)__real__ peak;
}
