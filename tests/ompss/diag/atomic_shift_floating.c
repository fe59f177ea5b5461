/* An atomic update with an integer operator (`<<=`) of a double: mcc's error, where gcc
 * said "invalid operands to binary <<" in the generated compare-and-swap loop. */
int main(void)
{
    double scale = 1;
#pragma omp parallel
    {
#pragma omp atomic
        scale <<= 1;
    }
    return scale > 0;
}
