/* at(execution) needs a place to run: not at file scope. */
#pragma omp error at(execution) message("never")
int main(void)
{
    return 0;
}
