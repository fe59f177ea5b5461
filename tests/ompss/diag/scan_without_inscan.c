/* scan separates the input and scan phases of a loop with an inscan reduction (gcc:
 * "'#pragma omp scan' may only be used in a loop construct with 'inscan' 'reduction'
 * clause"). */
int main(void)
{
    int x = 0, b[4];
#pragma omp parallel for reduction(+ : x)
    for (int i = 0; i < 4; i++) {
        x += i;
#pragma omp scan inclusive(x)
        b[i] = x;
    }
    return b[0];
}
