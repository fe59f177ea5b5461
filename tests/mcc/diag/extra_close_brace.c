/* One '}' too many at file scope: the error is at that brace. */
int f(int x)
{
    if (x) {
        return 1;
    }
    return 0;
}
}
int g(void);
