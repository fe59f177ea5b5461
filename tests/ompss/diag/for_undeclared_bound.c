/* A worksharing loop whose bound is declared nowhere: reported by mcc at the bound; gcc
 * found it in the generated code the bound is copied into, at the pragma's line and a
 * column past its end. */
int main(void)
{
    int a[16];
#pragma omp parallel for
    for (int i = 0; i < count; i++)
        a[i] = i;
    return a[3] == 3 ? 0 : 1;
}
