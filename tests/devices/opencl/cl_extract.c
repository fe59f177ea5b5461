/*
 * cl_extract.c - prints the OpenCL source a tests/devices/opencl program registers (its `source`
 * string), so that mcc can translate its kernels to C: the programs run again with the
 * translation forced (module.mk, OCLT_XLATE).  Built with -DOCLT_TEST='"name.c"'.
 */
#define main oclt_test_main
#include OCLT_TEST
#undef main

int main(void)
{
    fputs(source, stdout);
    return 0;
}
