/* A designator past the end of a compound literal's array (its element's: int[2][4] has
 * no [1][4]). */
static int data[8];

int main(void)
{
    int i = 1;
#pragma omp task inout(data[((int[2][4]){ [1][4] = 5 })[1][1] + 1])
    data[i] += 1;
#pragma omp taskwait
    return data[1] - 1;
}
