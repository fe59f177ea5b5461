/* The Nanos++ query calls of nanos.h that OmpSs programs print or branch on, from main
 * and from tasks: the node number and count (0 of 1 outside a cluster run), the runtime's
 * version, the default binding, nanos_memcpy (overlapping too), the CUDA launch events
 * around work, nanos_omp_get_max_processors (the system's processors); the program prints what its sequential build prints.  Before: none of
 * them existed (undefined references at the link). */
#include <nanos.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static unsigned task_node[4];

#pragma omp task out(*node)
static void where(unsigned *node)
{
    NANOS_SAFE(nanos_get_node_num(node));
}

int main(void)
{
    unsigned node = 99;
    NANOS_SAFE(nanos_get_node_num(&node));
    int nodes = nanos_get_num_nodes();
    for (int i = 0; i < 4; i++) {
        task_node[i] = 99;
        where(&task_node[i]);
    }
#pragma omp taskwait
    const char *v = nanos_get_runtime_version();
    bool bound = true;
    NANOS_SAFE(nanos_get_default_binding(&bound));
    char buf[16] = "abcdefgh";
    NANOS_SAFE(nanos_memcpy(buf + 2, buf, 6));          /* overlapping, as memmove */
    NANOS_SAFE(nanos_instrument_raise_gpu_kernel_launch_event());
    NANOS_SAFE(nanos_instrument_close_gpu_kernel_launch_event());
    printf("%s, ", nanos_omp_get_max_processors() == sysconf(_SC_NPROCESSORS_CONF)
                       ? "all processors" : "not the processors");
    printf("node %u of %d, tasks on %u %u %u %u, %s, copy %s, binding %s\n", node, nodes,
           task_node[0], task_node[1], task_node[2], task_node[3],
           v && !strncmp(v, "nanort ", 7) ? "version ok" : "no version", buf,
           bound == true || bound == false ? "answered" : "?");
    return 0;
}
