/* `atomic read` of a value rather than an object (`v = count + 1`): mcc's error, where gcc
 * said "lvalue required as unary '&' operand" in the generated __atomic_load. */
int main(void)
{
    int count = 4, v = 0;
#pragma omp parallel
    {
#pragma omp atomic read
        v = count + 1;
    }
    return v - 5;
}
