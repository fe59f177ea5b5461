/* A variable written in UTF-8 is named in the message as the user wrote it (gcc -E spells
 * it as UCNs, which mcc printed: 'gr\U000000f6\U000000dfe'). */
int main(void)
{
    int größe = 5;
#pragma omp task default(none)
    größe++;
#pragma omp taskwait
    return größe;
}
