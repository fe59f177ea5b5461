/* An atomic in a loop with order(concurrent): its iterations may run at once or
   interleaved, and only parallel, loop and simd constructs may be in its region (gcc
   -fopenmp: "OpenMP constructs other than 'parallel', 'loop' or 'simd' may not be nested
   inside a region with the 'order(concurrent)' clause"); mcc dropped the clause and
   compiled the loop. */
int main(void)
{
    int hits = 0;
#pragma omp parallel for order(concurrent)
    for (int i = 0; i < 64; i++) {
#pragma omp atomic
        hits++;
    }
    return hits != 64;
}
