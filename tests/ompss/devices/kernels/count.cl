/* Every work-item of the range writes the count it was launched for. */
__kernel void fill_count(__global int *v, __global const int *count)
{
    v[get_global_id(0)] = *count;
}
