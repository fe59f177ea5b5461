/* A statement expression's local initialized with a value of an incompatible type (a
 * function pointer from a float: a mutant of the 10-minute campaign). */
static int data[8];

int main(void)
{
#pragma omp task inout(data[({ int (*fp)(int) = 1.0f; (void)fp; 1; })])
    data[1] += 1;
#pragma omp taskwait
    return data[1] - 1;
}
