/* critical(lock) inside critical(lock), in an if of its body: the
 * thread would wait for itself.  (Another name, or none, would be fine.) */
static int a, b;

int main(void)
{
#pragma omp critical(lock)
    {
        a++;
        if (a > 0) {
#pragma omp critical(lock)
            b++;
        }
    }
    return a + b - 2;
}
