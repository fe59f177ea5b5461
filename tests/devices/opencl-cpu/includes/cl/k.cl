/* includes/cl/k.cl - a kernel whose #includes the translation finds as OpenCL sources are
 * embedded: next to it ("near.h", and <near2.h>), then through the command's -I (far.h). */
#include "near.h"
#include <near2.h>
#include <far.h>

__kernel void k(__global int *a)
{
    a[get_global_id(0)] = NEAR + NEAR2 + FAR;
}
