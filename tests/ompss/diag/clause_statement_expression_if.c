/* Statements inside a clause's statement expression (if, a nested block) are parsed too:
 * the stray clause word after `if (t)` is mcc's error (a mutant of the 10-minute
 * campaign). */
static int data[8];

int main(void)
{
    int two = 2;
#pragma omp task inout(data[({ int t = two; { int u = t; (void)u; } if (t) concurrent(data) t++; t; })])
    data[3] += 1;
#pragma omp taskwait
    return data[3] - 1;
}
