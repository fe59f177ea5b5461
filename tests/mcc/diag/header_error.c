/* An error inside an included header is reported at the header's own line and column. */
#include <stdio.h>
#include "inc/broken.h"
int main(void) { return 0; }
