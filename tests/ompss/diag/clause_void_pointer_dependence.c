/* A dependence on `*buf` of a `void *buf` (a generic handle): no object, so no size.  As
 * gcc -fopenmp does, mcc warns (at the item) and goes on, the dependence covering the byte
 * at that address; gcc warned "dereferencing 'void *' pointer" at a column of the
 * generated code instead. */
void consume(void *buf);

void pipeline(void *bufs[], int n)
{
    for (int i = 0; i < n; i++) {
        void *buf = bufs[i];
#pragma omp task depend(inout: *buf)
        consume(buf);
    }
#pragma omp taskwait
}
