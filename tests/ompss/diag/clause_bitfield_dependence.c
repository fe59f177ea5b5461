/* A dependence on a bit-field member: it has no address for the task's region (gcc
   -fopenmp: "bit-field 's.a' in 'depend' clause"); mcc left gcc to refuse `&s.a` in
   its generated code, at a column of the pragma's line far past its end. */
struct flags {
    unsigned a : 3;
    unsigned b : 5;
    int count;
};

int main(void)
{
    struct flags s = {1, 2, 3};
#pragma omp task depend(inout: s.a)
    s.a++;
#pragma omp taskwait
    return s.a + s.count;
}
