/* A bitwise reduction operator on a floating item (a checksum written over doubles): mcc's
 * error, not gcc's "invalid operands to binary &" on generated code. */
int main(void)
{
    double mask = 0;
#pragma omp taskloop reduction(&: mask)
    for (int i = 0; i < 8; i++)
        mask += i;
    return (int)mask;
}
