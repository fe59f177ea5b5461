/* An atomic write of a string into an int: refused at the value, as gcc -fopenmp refuses
 * it; mcc handed gcc a generated initialization, which gcc only warned of ("initialization
 * of 'int' from 'char *' makes integer from pointer"), at a column past the statement. */
struct rec { int id; };

int main(void)
{
    struct rec r = {0};
#pragma omp atomic write
    r.id = "7";
    return r.id;
}
