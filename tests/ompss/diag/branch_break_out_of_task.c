/* `break` leaving a task body for the enclosing loop: an error at the break. */
int main(void)
{
    int v[4] = {0};
    for (int i = 0; i < 4; i++) {
#pragma omp task shared(v)
        {
            if (i == 2) break;
            v[i] = i;
        }
    }
#pragma omp taskwait
    return v[0];
}
