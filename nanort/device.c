/*
 * device.c - memory spaces, dispatch of ready tasks to devices, the manager threads.
 * PLACEHOLDER until the device layer lands: the host is the only space.
 */
#include "nrt.h"

struct nrt_space *nrt_spaces[NRT_MAX_SPACES];
int nrt_nspaces = 1;

void nrt_devices_start(void) {}
void nrt_devices_stop(void) {}
bool nrt_dev_dispatch(struct nanort_task *t)
{
    (void)t;
    return false;
}
