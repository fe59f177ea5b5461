/* A GNU statement expression in a dependence: its declarations and statements are checked
 * like the rest of the clause (a name declared in it is in scope after its declarator;
 * `t` here is a misspelling of `tt`). */
static int data[8];

int main(void)
{
    int two = 2;
#pragma omp task inout(data[({ int tt = two; t; }) + 1])
    data[3] += 1;
#pragma omp taskwait
    return data[3] - 1;
}
