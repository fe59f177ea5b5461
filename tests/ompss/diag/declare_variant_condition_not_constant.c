/* A declare variant's user condition must be a constant integer expression (gcc 12 says
 * so too): mcc says it at the condition instead of choosing at run time. */
int positive(int x) { return x; }
int f(int x);
#pragma omp declare variant(positive) match(user={condition(x > 0)})
int f(int x) { return -x; }

int main(int argc, char **argv)
{
    (void)argv;
    return f(argc) > 0;
}
