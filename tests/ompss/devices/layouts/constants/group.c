/* No OmpSs construct here either. */
#include "params.h"

int group_size(void)
{
    return GROUP;
}
