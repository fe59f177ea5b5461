/* No OmpSs construct here: the constants are still this file's own. */
#include "params.h"

float host_amp(float v, int i)
{
    return v * GAIN + OFFSETS[i % 4];
}
