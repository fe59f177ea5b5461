/* An atomic has one memory order (gcc: "too many memory order clauses"): mcc skipped both
 * as advice. */
int counter;

int main(void)
{
#pragma omp atomic update relaxed seq_cst
    counter++;
    return counter != 1;
}
