/* An element of an array of a struct the file defines only after the function
 * (`inout(cells[1])` through a `struct cell *`): indexing a pointer to an incomplete type
 * is refused where the task stands (gcc -fopenmp too), whereas the object `*cells` is
 * accepted.  mcc left gcc to refuse `&(cells[1])` in the generated code. */
struct cell;
void update(struct cell *c);

void sweep(struct cell *cells)
{
#pragma omp task inout(cells[1])
    update(&cells[1]);
#pragma omp taskwait
}

struct cell { double t, p; };

void update(struct cell *c) { c->t += c->p; }
