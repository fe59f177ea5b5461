/*
 * nbody_host.c - the hand-written OpenCL peer of samples/nbody: the same simulation with
 * the same kernel file (samples/nbody/nbody.cl), written as a careful OpenCL programmer
 * would: the bodies written once, STEPS steps of BLOCKS kernels each on one in-order
 * queue with ping-pong buffers on the device, the last two states read back once.
 *
 *   usage: nbody_host KERNEL.cl [N [STEPS [BLOCKS]]]  (defaults 262144 10 1;
 *          BENCH_CL_TYPE=gpu|cpu|all)
 * Prints "time: S s (G interactions/s)" from before the OpenCL set-up and build to the
 * last read, and checks
 * the last step and the momentum like the sample ("result: OK", exit 0).
 */
#include "clhost.h"
#include "../cuda/host_checks.h"

#define NB_LOCAL 256            /* as nbody.cl */
#define DT 0.01f

static cl_mem buffer(cl_context ctx, size_t bytes)
{
    cl_int err;
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
    CLKE(err, "clCreateBuffer");
    return b;
}

static void launch(cl_command_queue q, cl_kernel k, cl_mem *pos, cl_mem *vel, int t, int b,
                   int n, int count)
{
    int in = t % 2, out = 1 - in, first = b * count;
    float dt = DT;
    size_t off = (size_t)first * 4 * sizeof(float), bytes = (size_t)count * 4 * sizeof(float);
    cl_buffer_region r = {off, bytes};
    cl_int err;
    cl_mem sub[3];
    cl_mem whole[3] = {vel[in], pos[out], vel[out]};
    for (int i = 0; i < 3; i++) {       /* the block's part of vin, pout, vout */
        sub[i] = clCreateSubBuffer(whole[i], 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
        CLKE(err, "clCreateSubBuffer");
    }
    CLK(clSetKernelArg(k, 0, sizeof(cl_mem), &pos[in]));
    for (int i = 0; i < 3; i++)
        CLK(clSetKernelArg(k, 1 + i, sizeof(cl_mem), &sub[i]));
    CLK(clSetKernelArg(k, 4, sizeof(int), &n));
    CLK(clSetKernelArg(k, 5, sizeof(int), &first));
    CLK(clSetKernelArg(k, 6, sizeof(int), &count));
    CLK(clSetKernelArg(k, 7, sizeof(float), &dt));
    size_t global = (size_t)(count + NB_LOCAL - 1) / NB_LOCAL * NB_LOCAL, local = NB_LOCAL;
    CLK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL));
    for (int i = 0; i < 3; i++)
        CLK(clReleaseMemObject(sub[i]));    /* released once the kernel is done */
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s KERNEL.cl [N [STEPS [BLOCKS]]]\n", argv[0]);
        return 2;
    }
    int n = argc > 2 ? atoi(argv[2]) : 262144, steps = argc > 3 ? atoi(argv[3]) : 10;
    int nb = argc > 4 ? atoi(argv[4]) : 1;
    if (n <= 0 || steps < 1 || nb <= 0 || n % nb)
        return 2;
    size_t bytes = (size_t)4 * n * sizeof(float);
    float *hp[2], *hv[2];
    cl_mem pos[2], vel[2];
    for (int i = 0; i < 2; i++) {
        hp[i] = malloc(bytes);
        hv[i] = malloc(bytes);
    }
    float *p_init = malloc(bytes), *v_init = malloc(bytes);
    if (!hp[0] || !hp[1] || !hv[0] || !hv[1] || !p_init || !v_init)
        return 2;
    hc_nbody_init(hp[0], hv[0], n);
    memcpy(p_init, hp[0], bytes);
    memcpy(v_init, hv[0], bytes);

    /* Timed from before the OpenCL set-up and the program build, as the OmpSs version
     * opens the device and builds the kernel at its first task. */
    double t0 = wall_seconds();
    cl_device_id dev = pick_device();
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    CLKE(err, "clCreateContext");
    cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
    CLKE(err, "clCreateCommandQueue");
    cl_kernel k = build_kernel(ctx, dev, argv[1], "nbody_step_ocl");
    for (int i = 0; i < 2; i++) {
        pos[i] = buffer(ctx, bytes);
        vel[i] = buffer(ctx, bytes);
    }
    double setup = wall_seconds() - t0;
    CLK(clEnqueueWriteBuffer(q, pos[0], CL_FALSE, 0, bytes, hp[0], 0, NULL, NULL));
    CLK(clEnqueueWriteBuffer(q, vel[0], CL_FALSE, 0, bytes, hv[0], 0, NULL, NULL));
    for (int t = 0; t < steps; t++)
        for (int b = 0; b < nb; b++)
            launch(q, k, pos, vel, t, b, n, n / nb);
    for (int i = 0; i < 2; i++) {
        CLK(clEnqueueReadBuffer(q, pos[i], CL_FALSE, 0, bytes, hp[i], 0, NULL, NULL));
        CLK(clEnqueueReadBuffer(q, vel[i], CL_FALSE, 0, bytes, hv[i], 0, NULL, NULL));
    }
    CLK(clFinish(q));
    double secs = wall_seconds() - t0;

    printf("nbody_host (OpenCL): %d bodies, %d steps, %d blocks\n", n, steps, nb);
    printf("time: %.6f s (%.3f G interactions/s), set-up and build %.6f s of it\n", secs,
           (double)n * n * steps / secs * 1e-9, setup);
    int last = steps % 2, prev = 1 - last;
    int wrong = hc_nbody_wrong(hp[prev], hv[prev], hp[last], hv[last], n, DT);
    double drift = hc_nbody_drift(p_init, v_init, hp[last], hv[last], n);
    if (wrong || !(drift < 1e-5)) {
        printf("result: WRONG (%d bodies off, momentum drift %.3g)\n", wrong, drift);
        return 1;
    }
    printf("result: OK (momentum drift %.3g)\n", drift);
    return 0;
}
