/* untranslatable.cl - a kernel mcc cannot translate to C (a barrier inside a switch) next
 * to one it can: the first keeps only its OpenCL implementation, with a warning at the
 * switch (an error with --opencl-cpu=require); the second runs translated.  run.sh checks
 * the message and where each kernel ran. */

__kernel void rev_switch(__global int *a, int mode, __local int *t)
{
    int l = get_local_id(0), n = get_local_size(0), i = get_global_id(0);
    t[l] = a[i];
    switch (mode) {
    case 1:
        barrier(CLK_LOCAL_MEM_FENCE);
        a[i] = t[n - 1 - l];
        break;
    default:
        a[i] = -t[l];
    }
}

__kernel void plain(__global int *a)
{
    a[get_global_id(0)] += 1;
}
