/* _Generic on an int with a long and a default association: the int is no long, so the
 * default is chosen (C11 6.5.1.1: no promotion of the controlling expression), and its
 * value, a string, is no index. */
static int data[8];

int main(void)
{
    int i = 0;
#pragma omp task inout(data[_Generic(i, long: 0, default: "s")])
    data[i] += 1;
#pragma omp taskwait
    return data[0] - 1;
}
