/* _Generic on a variable of an enum type whose values are all non-negative: gcc makes the
 * type compatible with unsigned int, not int, so the default is chosen, and a string is
 * no index. */
enum colour { RED, GREEN, BLUE };
static int data[8];

int main(void)
{
    enum colour c = GREEN;
#pragma omp task inout(data[_Generic(c, int: 1, default: "s")])
    data[1] += 1;
#pragma omp taskwait
    return data[1] - 1;
}
