/* A flush with a memory order takes no list (gcc: "'flush' list specified together with
 * memory order clause"): mcc read no further than 'acq_rel' and dropped the rest. */
int flag;

int main(void)
{
    flag = 1;
#pragma omp flush acq_rel (flag)
    return flag != 1;
}
