/* A name in a clause that is not declared where the task is: mcc says so at the name (and
 * suggests the closest visible one), not gcc on the generated code. */
void scale(double *v, int length)
{
#pragma omp task inout(v[0;lenght])
    for (int i = 0; i < length; i++)
        v[i] *= 2;
#pragma omp taskwait
}
