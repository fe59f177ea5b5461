/* A dependence on an object of a struct declared in a block and defined later in that
 * block: its size is not known where the task stands, and no later point of the file
 * names that type.  mcc left gcc to refuse `sizeof(*q)` in the generated code. */
void drain(void *q);

void flush(void *raw)
{
    struct queue;
    struct queue *q = raw;
#pragma omp task inout(*q)
    drain(q);
    struct queue { int head, tail; };
#pragma omp taskwait
}
