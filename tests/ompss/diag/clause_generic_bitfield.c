/* _Generic on a 3-bit bit-field: gcc gives it a type of its own, which no association
 * names, so the default (a string, no index) is chosen. */
static struct { unsigned b : 3; } s = { 1 };
static int data[8];

int main(void)
{
#pragma omp task inout(data[_Generic(s.b, unsigned: 1, default: "s")])
    data[1] += 1;
#pragma omp taskwait
    return data[1] - 1;
}
