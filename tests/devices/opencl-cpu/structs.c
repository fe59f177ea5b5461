/* Structs in kernels (structs.cl) against C. */
#include "ocl_cpu_check.h"

#define N 200
#define G 32

typedef struct {
    float pos[4];
    int cell[2];
    float weight;
    float pad;           /* OpenCL aligns the struct to its float4: 32 bytes */
} particle;

typedef struct {
    float shift[4];
    float scale;
    int steps;
    int pad[2];
} params_t;

#pragma omp target device(opencl) ndrange(1, n, G) file(structs.cl) copy_deps
#pragma omp task inout([n]p)
__kernel void move(__global particle *p, params_t prm, int n);

static particle p[N];

int main(void)
{
    for (int i = 0; i < N; i++) {
        for (int c = 0; c < 4; c++)
            p[i].pos[c] = (float)((i * 3 + c) % 11) / 4.0f;
        p[i].cell[0] = i;
        p[i].cell[1] = -i;
    }
    static particle p0[N];
    memcpy(p0, p, sizeof p);
    params_t prm = {{0.25f, -0.5f, 1.0f, 100.0f}, 2.0f, 3, {0, 0}};
    move(p, prm, N);
#pragma omp taskwait
    static const float table[4] = {0.5f, 1.0f, 1.5f, 2.0f};
    for (int i = 0; i < N; i++) {
        particle q = p0[i];
        for (int s = 0; s < prm.steps; s++) {
            for (int c = 0; c < 3; c++)
                q.pos[c] += prm.shift[c] * prm.scale;
            q.cell[0] += 1;
            q.cell[1] -= 1;
        }
        q.weight = q.pos[3] * table[(i % G) % 4] + (float)q.cell[0];
        for (int c = 0; c < 4; c++)
            CHECK(p[i].pos[c] == q.pos[c], "p[%d].pos[%d] = %g, expected %g", i, c, p[i].pos[c],
                  q.pos[c]);
        CHECK(p[i].cell[0] == q.cell[0] && p[i].cell[1] == q.cell[1], "p[%d].cell", i);
        CHECK(p[i].weight == q.weight, "p[%d].weight = %g, expected %g", i, p[i].weight, q.weight);
    }
    for (int i = 0; i < N; i++)
        p[i].pad = 0;    /* not written by the kernel */
    digest("structs", p, sizeof p);
    printf("result: OK\n");
    return 0;
}
