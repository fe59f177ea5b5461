/* A string literal for an element of a long array, after a designator that went back:
 * gcc takes it as the initializer of the whole array and rejects it ("array of
 * inappropriate type initialized from string constant"); mcc does not follow that. */
static int data[8];

int main(void)
{
    int i = 1;
#pragma omp task inout(data[sizeof ((long[2]){-1, 2.5, [0] = 1, "ab"}) % 8])
    data[1] += i;
#pragma omp taskwait
    return data[1] - 1;
}
