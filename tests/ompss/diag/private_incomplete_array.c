/* A private copy of an array declared without its size: mcc says it cannot be copied, at
 * the item, as gcc -fopenmp says "'table' has an incomplete type"; gcc found it in the
 * generated copy instead ("flexible array member not at end of struct", at the pragma). */
extern int table[];

int main(void)
{
    int s = 0;
#pragma omp task private(table) shared(s)
    s = 1;
#pragma omp taskwait
    return s == 1 ? 0 : 1;
}
