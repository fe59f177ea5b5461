/* A dependence on an object of a struct the unit only declares (an opaque handle, as
   libraries hand them out): its region is the object's bytes, whose number is not known.
   mcc left gcc to refuse its `sizeof(*ctx)` at a column far past the pragma's line. */
struct solver;
void solver_step(struct solver *ctx, double dt);

void advance(struct solver *ctx, int steps)
{
    for (int i = 0; i < steps; i++) {
#pragma omp task depend(inout: *ctx)
        solver_step(ctx, 0.5);
    }
#pragma omp taskwait
}
