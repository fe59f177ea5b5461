/* An undeclared name in an inline task body, after a shared and a firstprivate variable
 * on the same line: gcc reports it at the user's line and column. */
int main(void)
{
    int base = 2, out = 0;
    #pragma omp task shared(out) firstprivate(base)
    {
        out = base + undeclared_name;
    }
    #pragma omp taskwait
    return out;
}
