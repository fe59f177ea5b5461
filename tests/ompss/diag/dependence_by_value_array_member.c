/* An inout dependence on elements of an array member of a struct passed by value: they
 * are the task's own copy, as `v.n` is (an error already), but mcc said nothing about
 * `v.arr[0;3]` and made the dependence on the spawn function's copy of v.  (Through a
 * pointer member, `v.data[0;v.n]`, the dependence is on the caller's data: no error.) */
typedef struct {
    int n;
    double *data;
    double arr[4];
} vec_t;

#pragma omp task inout(v.data[0;v.n])
void through_pointer(vec_t v)
{
    v.data[0] += 1;
}

#pragma omp task inout(v.arr[0;3])
void own_copy(vec_t v)
{
    v.arr[0] += 1;
}

int main(void)
{
    double d[4] = {0};
    vec_t v = {4, d, {0}};
    through_pointer(v);
    own_copy(v);
#pragma omp taskwait
    return 0;
}
