/* A label in a statement expression of a clause: mcc copies a clause's expressions to
 * more than one place (gcc would see the label defined twice), so it says so itself. */
static int data[8];

int main(void)
{
    int two = 2;
#pragma omp task inout(data[({ again: two; })])
    data[2] += 1;
#pragma omp taskwait
    return data[2] - 1;
}
