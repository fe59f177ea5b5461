/* collapse of a triangular nest (the inner bound names the outer variable): sorry. */
int main(void)
{
    int s[4][4] = {{0}};
#pragma omp for collapse(2)
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < i; j++)
            s[i][j] = i + j;
    return s[3][2] - 5;
}
