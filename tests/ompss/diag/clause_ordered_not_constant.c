/* ordered(n) with a variable: the depth of a doacross nest is a positive integer constant
 * (gcc: "ordered argument needs positive constant integer expression"). */
int main(void)
{
    int x = 0, n = 1;
#pragma omp parallel for ordered(n)
    for (int i = 0; i < 4; i++)
        x++;
    return x;
}
