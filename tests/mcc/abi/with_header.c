/* descriptors.c in a unit that includes nanort.h itself: mcc adds no prelude, so what it
 * emits meets the header's own declarations. */
#include <nanort.h>
#include "descriptors.c"
