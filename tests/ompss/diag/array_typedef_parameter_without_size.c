/* A dependence on a parameter whose array type a typedef of no size gives (`vec v` with
 * `typedef double vec[];`): the dependence is on the array the parameter points to, whose
 * size is not known, so mcc asks for a shape.  gcc found the error, "invalid application
 * of 'sizeof' to incomplete type", in mcc's output. */
typedef double vec[];

#pragma omp task out(v)
void fill(vec v, int n)
{
    for (int i = 0; i < n; i++)
        v[i] = i;
}

int main(void)
{
    double a[8];
    fill(a, 8);
#pragma omp taskwait
    return a[7] == 7 ? 0 : 1;
}
