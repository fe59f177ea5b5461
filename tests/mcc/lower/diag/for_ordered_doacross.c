/* A worksharing loop's ordered(n) clause, a doacross loop: sorry (its waits between
 * iterations are not kept).  A plain `ordered` runs the iterations in order. */
int main(void)
{
    int v[8];
#pragma omp for ordered(1)
    for (int i = 0; i < 8; i++)
        v[i] = i;
    return v[7] - 7;
}
