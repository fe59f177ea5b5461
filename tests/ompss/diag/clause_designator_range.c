/* The upper bound of a GNU range designator in a compound literal of a clause is a string
 * (the mutant of campaign seed 16007): an index must be an integer constant. */
static int data[8];

int main(void)
{
    int i = 1;
#pragma omp task inout(data[((int[4]){ [1 ... "s"] = 5 })[1] - 4])
    data[i] += 1;
#pragma omp taskwait
    return data[1] - 1;
}
