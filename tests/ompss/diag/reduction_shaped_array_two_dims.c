/* A task reduction over a local array shaped in two dimensions ([2][4]acc on a
 * `double acc[3][4]`): the shape reinterprets the array's rows, which mcc does not
 * privatise, so it says so and names the form it does ([n]acc, the first n rows).  Its
 * message said that capturing 'acc', "whose type is declared inside the function or
 * variably modified", was unimplemented, which was not the reason. */
int main(void)
{
    double acc[3][4] = {{0}};
    #pragma omp task reduction(+: [2][4]acc)
    acc[1][1] += 1;
    #pragma omp taskwait
    return acc[1][1] == 1 ? 0 : 1;
}
