/* Shared by the kernel and both C files: OpenCL program-scope constants, which host C
 * reads too (one of them sizes the ndrange). */
#ifndef PARAMS_H
#define PARAMS_H
__constant int GROUP = 16;
__constant float GAIN = 1.5f;
__constant int OFFSETS[4] = {1, 2, 3, 4};
#endif
