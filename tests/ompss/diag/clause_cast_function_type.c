/* A cast to a function type inside a clause's expression (here in a statement expression
 * of a subscript) is gcc's "cast specifies function type" (fuzzing mutant, seed 16101). */
int main(void)
{
    int data[4] = {0}, two = 2;
#pragma omp task inout(data[({ int t = two; { int u = t; (void ()) u; } t; })])
    data[2]++;
#pragma omp taskwait
    return data[2] - 1;
}
