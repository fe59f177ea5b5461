/* per-thread counters a region's tasks update, each thread adding its own to a total
   after them: mcc runs the region's body once and reads one copy (mcc warns) */
static long hits;
#pragma omp threadprivate(hits)
long count(int n)
{
    long total = 0;
#pragma omp parallel
    {
        hits = 0;
#pragma omp single
        for (int i = 0; i < n; i++) {
#pragma omp task
            hits += 1;
        }
#pragma omp critical
        total += hits;
    }
    return total;
}
