/* critical on a case label: the switch would jump past its entry. */
int f(int k)
{
    int x = 0;
    switch (k) {
#pragma omp critical
    case 1:
        x++;
    }
    return x;
}
