/* _Generic on a double cannot choose the int association: its value, 0.5, is no index. */
static int data[8];

int main(void)
{
    int two = 2;
    double x = 1;
#pragma omp task inout(data[_Generic(x, int: 1, double: 0.5)])
    data[2] += two;
#pragma omp taskwait
    return data[2] - 2;
}
