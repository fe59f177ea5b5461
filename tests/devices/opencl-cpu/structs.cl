/* structs.cl - user types in kernels: a struct with vector members in __global memory,
 * passed by value as a kernel argument, and in private variables; typedefs; a helper
 * that takes the work-item (get_local_id) and a __constant table.  Checked by structs.c. */
#pragma OPENCL FP_CONTRACT OFF

typedef struct {
    float4 pos;          /* x, y, z, mass */
    int2 cell;
    float weight;
} particle;

typedef struct {
    float4 shift;
    float scale;
    int steps;
} params_t;

__constant float table[4] = {0.5f, 1.0f, 1.5f, 2.0f};

/* an item's share of the shift, by its local id */
float share(float x)
{
    return x * table[get_local_id(0) % 4];
}

__kernel void move(__global particle *p, params_t prm, int n)
{
    size_t i = get_global_id(0);
    if (i >= (size_t)n)
        return;
    particle q = p[i];
    for (int s = 0; s < prm.steps; s++) {
        q.pos.xyz += prm.shift.xyz * prm.scale;
        q.cell += (int2)(1, -1);
    }
    q.weight = share(q.pos.w) + (float)q.cell.x;
    p[i] = q;
}
