/* An atomic update naming an undeclared variable: mcc reports it at the name, as gcc
 * -fopenmp does; gcc found it in the lowering's compare-and-swap code, on the right line
 * but at a column past the end of the statement. */
int main(void)
{
    int total = 0;
    for (int k = 0; k < 4; k++) {
#pragma omp atomic
        total += step;
    }
    return total;
}
