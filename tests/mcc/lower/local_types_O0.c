/* tests/ompss/local_types built without optimisation: the nested outlined functions must
 * still need no trampoline (mcc compiles their enclosing function at -O1). */
/* mcc-flags: -O0 */
#include "../../ompss/local_types.c"
