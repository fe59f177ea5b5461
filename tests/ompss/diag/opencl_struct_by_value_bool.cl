/* The kernel of opencl_struct_by_value_bool.c: a struct with a bool, by value. */
struct opts { int steps; bool verbose; };

__kernel void run(struct opts o, __global int *out)
{
    out[get_global_id(0)] = o.steps;
}
