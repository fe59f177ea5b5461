/* A `for` in main with no parallel region: OpenMP runs it with a team of one, iteration
 * after iteration, so `last` ends as the last iteration that sets it; mcc's tasks share
 * main's one `last`, so the loop runs as one task (warned); mcc kept OmpSs's rule (main's
 * variables shared by the loop's tasks) and ran them at once, `last` ending as whichever
 * task wrote it last. */
int pick(int i);

int main(void)
{
    int last = -1;
#pragma omp for
    for (int i = 0; i < 100; i++)
        if (pick(i))
            last = i;
    return last;
}
