/* atomic accepts only the update forms x op= e, x++, ++x, x--, --x, x = x op e. */
int main(void)
{
    int x = 0, y = 2;
#pragma omp atomic
    x = y;
    return x - 2;
}
