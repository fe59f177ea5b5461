/* flush's memory order is seq_cst, acq_rel, release or acquire, not relaxed, and a word
 * after flush is one of them (gcc: "expected 'seq_cst', 'acq_rel', 'release' or
 * 'acquire'"): mcc ignored every word after flush but a list. */
int flag;

int main(void)
{
    flag = 1;
#pragma omp flush relaxed
    return flag != 1;
}
