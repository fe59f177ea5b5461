/* A parameter of one of omp.h's types without omp.h included, after another parameter:
 * gcc's "unknown type name" at the type, not "expected declaration specifiers". */
#pragma omp task inout(*counter)
void add(int *counter, omp_lock_t *lock, int v);

int main(void)
{
    return 0;
}
