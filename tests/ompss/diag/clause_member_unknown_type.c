/* a member of a struct declared in a clause's statement expression whose type is no type name */

static int data[8];

int main(void)
{
    int i = 1, *p = &i;
#pragma omp task inout(data[({ struct g { doublex z; int w[2]; } v = {2.5, 1}; (int)v.w[0]; })])
    data[0] += i + *p;
#pragma omp taskwait
    return data[0] - 1;
}
