/* The parameter list of a function pointer declared in a clause's statement expression is
 * parsed: a clause pasted into it is mcc's error (a mutant of the 10-minute campaign). */
static int data[8];

int main(void)
{
#pragma omp task inout(data[({ int (*fp)(int inout(data[0])) = 0; (void)fp; 1; })])
    data[1] += 1;
#pragma omp taskwait
    return data[1] - 1;
}
