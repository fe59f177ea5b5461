/* An enumerator's value in a clause's statement expression must be an integer constant. */
static int data[8];

int main(void)
{
    int two = 2;
#pragma omp task inout(data[({ enum e { X = 1.5 }; X; })])
    data[2] += two;
#pragma omp taskwait
    return data[2] - 2;
}
