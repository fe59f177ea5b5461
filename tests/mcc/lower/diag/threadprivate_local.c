/* threadprivate needs a variable with static storage. */
int main(void)
{
    int counter = 0;
#pragma omp threadprivate(counter)
    return counter;
}
