/* waits.h - what ocl_taskwait_on.c and waits.cl share: the element type and the work-group
 * size of the kernels. */
#ifndef WAITS_H
#define WAITS_H
#define WG 64
typedef float real;
#endif
