/* mode() in a type name of a clause names no machine mode gcc knows. */
static int data[8];

int main(void)
{
    int i = 1;
#pragma omp task inout(data[sizeof (int __attribute__((mode(zz)))) % 8 + 1])
    data[i] += 1;
#pragma omp taskwait
    return data[1] - 1;
}
