/* collapse of a nest whose inner increment names an outer loop's variable: gcc's error
 * (OpenMP allows outer variables in the bounds only, which mcc collapses). */
int main(void)
{
    int s[4][4] = {{0}};
#pragma omp for collapse(2)
    for (int i = 1; i < 4; i++)
        for (int j = 0; j < 4; j += i)
            s[i][j] = i + j;
    return s[3][2] - 5;
}
