/* The variant a declare variant names must be declared before it (gcc: "'h' undeclared
 * here (not in a function)"). */
int f(void);
#pragma omp declare variant(h) match(device={kind(host)})
int f(void) { return 0; }

int main(void)
{
    return f();
}
