/* A doacross wait (ordered depend(source)) in a loop without an ordered clause: an error,
 * as for an ordered region. */
int main(void)
{
    int v[8];
#pragma omp for
    for (int i = 0; i < 8; i++) {
        v[i] = i;
#pragma omp ordered depend(source)
    }
    return v[7] - 7;
}
