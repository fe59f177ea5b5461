/* A dependence on a parameter whose array type a typedef of no size gives (`vec v` with
 * `typedef double vec[];`): the dependence is on the array the parameter points to, whose
 * size is not known, so mcc asks for a shape.  gcc found the error, "invalid application
 * of 'sizeof' to incomplete type", in mcc's output. */
typedef double vec[];

#pragma omp task out(v)
void fill(vec v, int n)
{
    int i = 0;
    while (i < n) {
        v[i] = 2 * i;
        i++;
    }
}

int main(void)
{
    double a[4];
    fill(a, 4);
#pragma omp taskwait
    return a[3] == 6 ? 0 : 1;
}
