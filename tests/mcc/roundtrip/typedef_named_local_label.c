/* __label__ declaring a local label whose name is also a typedef name. */
typedef int T;
int f(void)
{
    __label__ T;
    goto T;
T:
    return 1;
}
