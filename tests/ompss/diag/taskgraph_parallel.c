/* A parallel region inside the block of a taskgraph: its barrier would wait in the block
 * (indented: the column is the user's). */
void f(int *a, int n)
{
    #pragma omp taskgraph
    {
        #pragma omp parallel
        {
            #pragma omp task inout(a[0])
            a[0] += n;
        }
    }
}
