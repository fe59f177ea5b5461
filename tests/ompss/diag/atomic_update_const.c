/* An atomic update of a const object: mcc's error, where gcc only warned that the
 * generated __atomic_compare_exchange discards 'const' (and the program wrote a const). */
static const int limit = 8;
int main(void)
{
#pragma omp parallel
    {
#pragma omp atomic
        limit += 1;
    }
    return limit == 8;
}
