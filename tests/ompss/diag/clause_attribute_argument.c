/* A malformed argument of an attribute in a type name of a clause: 'void 16' is no
 * expression. */
static int data[8];

int main(void)
{
    int i = 0;
#pragma omp task inout(data[sizeof (int __attribute__((vector_size(void 16)))) % 8])
    data[i] += 1;
#pragma omp taskwait
    return data[0] - 1;
}
