/* The loop's pointer variable reaches, through a pointer member, a histogram every
 * element shares (`p->hist[...]++`): not the element p points at, so the loop runs as one
 * task (warned) instead of tasks that would lose counts. */
struct item {
    int key;
    long *hist;
};

void count(struct item *items, int n)
{
#pragma omp parallel for
    for (struct item *p = items; p < items + n; p++)
        p->hist[p->key % 8]++;
}
