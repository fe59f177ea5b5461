/* '#pragma omp simd' applies to a 'for' loop (gcc: "for statement expected before
 * 'while'"): mcc dropped the line whatever followed it. */
int main(void)
{
    int a[10] = { 0 }, i = 0;
#pragma omp simd
    while (i < 10)
        a[i++] = 1;
    return a[0] != 1;
}
