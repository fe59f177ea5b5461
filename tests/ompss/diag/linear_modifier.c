/* linear's val, ref and uval modifiers belong to declare simd (gcc: "modifier should not
 * be specified in 'linear' clause on 'simd' or 'for' constructs"). */
int main(void)
{
    int j = 0;
#pragma omp parallel for linear(val(j) : 1)
    for (int k = 0; k < 4; k++)
        j++;
    return j;
}
