/* A worksharing loop that writes a variable each thread of the region has its own copy of
 * (declared in the region), other than by adding to it, thread 0's kept by a master: a
 * warning, and the loop runs as one task.  (`mine += i` alone is a sum the loop's tasks
 * reduce into the copy; a body that adds every thread's copy, as an atomic `total +=
 * mine`, runs on a team of threads, each thread its own.) */
int main(void)
{
    int total = 0;
#pragma omp parallel
    {
        int mine = 0;
#pragma omp for
        for (int i = 0; i < 10; i++)
            mine = mine * 2 % 1000 + i;
#pragma omp master
        total = mine;
    }
    return total != 13;
}
