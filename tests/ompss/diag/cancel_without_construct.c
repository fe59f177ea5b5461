/* cancellation point (and cancel) must name the construct: parallel, for, sections or
 * taskgroup (gcc: "must specify one of 'parallel', 'for', 'sections' or 'taskgroup'
 * clauses"). */
int main(void)
{
#pragma omp parallel
    {
#pragma omp cancellation point
    }
    return 0;
}
