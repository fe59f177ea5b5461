/* A declaration without its ';': the error is at the token that follows it. */
int main(void)
{
    int x = 1
    return x;
}
