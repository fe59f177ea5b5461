/* collapse(2) needs the second loop alone in the body of the first. */
int main(void)
{
    int s[4][4];
#pragma omp taskloop collapse(2)
    for (int i = 0; i < 4; i++) {
        s[i][0] = 0;
        for (int j = 0; j < 4; j++)
            s[i][j] = i + j;
    }
    return s[3][3] - 6;
}
