/* A ')' where an operand is required: the error is at the ')'. */
int g(int x)
{
    int y = (x + ) * 2;
    return y;
}
