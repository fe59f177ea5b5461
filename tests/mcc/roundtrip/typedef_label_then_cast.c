/* A label named like a typedef, then a statement with a cast to another typedef name: the
 * label must not leave "a type specifier was seen" set, so (U) is still a type. */
typedef int T;
typedef int U;
int f(void)
{
T:
    return (U)1;
}
