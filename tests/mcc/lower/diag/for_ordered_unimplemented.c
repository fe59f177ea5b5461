/* The ordered clause of a worksharing loop: sorry (its chunks run in any order). */
int main(void)
{
    int v[8];
#pragma omp for ordered
    for (int i = 0; i < 8; i++)
        v[i] = i;
    return v[7] - 7;
}
