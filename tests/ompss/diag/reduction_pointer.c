/* A pointer is no reduction item for a built-in operator (a section of one is). */
int main(void)
{
    int data[4] = {1, 2, 3, 4}, *best = data;
#pragma omp task reduction(max: best)
    best = data + 3;
#pragma omp taskwait
    return *best - 4;
}
