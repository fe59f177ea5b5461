/* The kernel of opencl_struct_bit_field.c: a struct with bit-fields. */
struct flags { int on : 1; int level : 7; };

__kernel void count(__global const struct flags *f, __global int *out, int n)
{
    int i = get_global_id(0);
    if (i < n)
        out[i] = f[i].level;
}
