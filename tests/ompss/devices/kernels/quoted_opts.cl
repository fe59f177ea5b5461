/* WORDS comes from --opencl-build-opts='-DWORDS="two words"': a value with a blank in it,
 * one option as a shell splits it, for mcc's translation and for the OpenCL compiler. */
#define STR(x) #x
#define XSTR(x) STR(x)

__kernel void words(__global char *out, int n)
{
    const char t[] = XSTR(WORDS);
    int i = get_global_id(0);
    if (i < n)
        out[i] = i < (int)sizeof t ? t[i] : '?';
}
