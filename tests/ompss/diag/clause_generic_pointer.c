/* _Generic on an int *: the char * association is not chosen, the default (a string, no
 * index) is. */
static int data[8];

int main(void)
{
    int one = 1, *p = &one;
#pragma omp task inout(data[_Generic(p, char *: 1, default: "s")])
    data[1] += *p;
#pragma omp taskwait
    return data[1] - 1;
}
