/* `break` out of the body of a worksharing loop (split into tasks): an error at the break. */
int main(void)
{
    int v[8] = {0};
#pragma omp for
    for (int i = 0; i < 8; i++) {
        if (i == 5)
            break;
        v[i] = 1;
    }
    return v[0] - 1;
}
