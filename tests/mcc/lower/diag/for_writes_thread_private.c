/* A worksharing loop that writes a variable each thread of the region has its own copy of
 * (declared in the region), other than by adding to it: a warning, and the loop runs as
 * one task.  (`mine += i` alone is a sum the loop's tasks reduce into the copy.) */
int main(void)
{
    int total = 0;
#pragma omp parallel
    {
        int mine = 0;
#pragma omp for
        for (int i = 0; i < 10; i++)
            mine = mine * 2 % 1000 + i;
#pragma omp atomic
        total += mine;
    }
    return total != 13;
}
