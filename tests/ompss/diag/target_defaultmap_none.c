/* defaultmap(none: scalar) on a target region: a scalar it names must be listed in a
 * clause (gcc: "'x' not specified in enclosing 'target'"). */
int main(void)
{
    int x = 1;
#pragma omp target defaultmap(none: scalar)
    {
        x = 8;
    }
    return x != 1;
}
