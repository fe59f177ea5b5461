/* A section of a pointer needs its upper bound or length: the size is not known. */
#pragma omp task in(p[2:])
void use(const int *p)
{
    (void)p;
}

int main(void)
{
    int a[4] = {0};
    use(a);
    return 0;
}
