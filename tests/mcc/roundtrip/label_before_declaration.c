/* A declaration right after a label: gcc 11 and later accept it in gnu11 without a warning. */
int f(int n)
{
    if (n)
        goto done;
    n = 2;
done:
    int r = n + 1;
    return r;
}
