/* An undeclared name in a clause and the hint, both in UTF-8 as written (gcc -E spells
 * them as UCNs, which mcc printed: 'gr\U000000fc\U000000dfe'). */
int main(void)
{
    int größe = 5;
#pragma omp task depend(in: grüße)
    größe++;
#pragma omp taskwait
    return größe;
}
