/* An attribute mcc does not follow in a clause (section, which gcc refuses on a local
 * variable): refused by mcc rather than handed to gcc. */
static int data[8];

int main(void)
{
    int i = 1;
#pragma omp task inout(data[({ __attribute__((section("x"))) int v = 1; v; })])
    data[i] += 1;
#pragma omp taskwait
    return data[1] - 1;
}
