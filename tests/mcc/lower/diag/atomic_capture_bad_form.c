/* atomic capture needs one of its forms (here two unrelated statements). */
int main(void)
{
    int x = 0, y = 0, v;
#pragma omp atomic capture
    {
        v = x;
        y += 2;
    }
    return v + y - 2;
}
