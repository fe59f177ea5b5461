/* An error in the body of a taskloop, and one in a task nested in it. */
int main(void)
{
    int v[16] = {0}, scale = 3;
    #pragma omp taskloop grainsize(4) shared(v) firstprivate(scale)
    for (int i = 0; i < 16; i++) {
        v[i] = i * scale + offset;
        #pragma omp task shared(v) firstprivate(i)
        v[i] = v[i] * "text";
    }
    return v[3];
}
