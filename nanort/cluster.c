/*
 * cluster.c - the part of cluster mode that lives in libnanort (stub).
 */
#include "nrt.h"

int nanort_main_enter(void)
{
    return 0;
}
