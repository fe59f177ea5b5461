/*
 * nbody_hand.cu - the hand-written CUDA peer of samples/nbody: the same simulation with
 * the same kernel (nbody_step_cuda, included from the sample), written as a careful CUDA
 * programmer would: pinned host arrays, the bodies copied in once, STEPS steps of B block
 * kernels each on S streams (the blocks of a step are independent; an event per step
 * keeps the next step behind all of them), ping-pong buffers on the device, the last two
 * states copied out once.
 *
 *   usage: nbody_hand [N [STEPS [BLOCKS [STREAMS]]]] [--pageable]  (defaults 262144 10 1 1)
 * Prints "time: S s (G interactions/s)" from before the device set-up (allocations,
 * streams) to the results on the host,
 * and checks the last step and the momentum like the sample ("result: OK", exit 0).
 */
#include "../../samples/nbody/nbody.cu"
#include "common.h"
#include "host_checks.h"
#include <cstring>
#include <vector>

#define DT 0.01f

struct state {
    float *pos[2], *vel[2];     /* ping-pong: step s reads [s % 2], writes [(s + 1) % 2] */
};

static void run_steps(state &d, int n, int steps, int nb, std::vector<cudaStream_t> &s)
{
    int count = n / nb, ns = (int)s.size();
    std::vector<cudaEvent_t> done(ns);
    for (auto &e : done)
        CK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
    for (int t = 0; t < steps; t++) {
        int in = t % 2, out = 1 - in;
        for (int b = 0; b < nb; b++) {
            cudaStream_t st = s[b % ns];
            for (int o = 0; t > 0 && ns > 1 && o < ns; o++)   /* behind all of step t-1 */
                CK(cudaStreamWaitEvent(st, done[o], 0));
            size_t off = (size_t)4 * b * count;
            nbody_step_cuda<<<(count + NB_LOCAL - 1) / NB_LOCAL, NB_LOCAL, 0, st>>>(
                d.pos[in], d.vel[in] + off, d.pos[out] + off, d.vel[out] + off, n, b * count,
                count, DT);
            CK(cudaGetLastError());
        }
        for (int o = 0; ns > 1 && o < ns; o++)
            CK(cudaEventRecord(done[o], s[o]));
    }
    for (auto &e : done)
        CK(cudaEventDestroy(e));
}

int main(int argc, char **argv)
{
    bool pinned = !(argc > 1 && !strcmp(argv[argc - 1], "--pageable"));
    argc -= !pinned;
    int n = argc > 1 ? atoi(argv[1]) : 262144, steps = argc > 2 ? atoi(argv[2]) : 10;
    int nb = argc > 3 ? atoi(argv[3]) : 1, ns = argc > 4 ? atoi(argv[4]) : 1;
    if (n <= 0 || steps < 1 || nb <= 0 || n % nb || ns <= 0) {
        fprintf(stderr, "usage: %s [N [STEPS [BLOCKS [STREAMS]]]]  (N a multiple of BLOCKS)\n",
                argv[0]);
        return 2;
    }
    size_t bytes = (size_t)4 * n * sizeof(float);
    state h, d;
    for (int i = 0; i < 2; i++) {
        h.pos[i] = (float *)host_alloc(bytes, pinned);
        h.vel[i] = (float *)host_alloc(bytes, pinned);
    }
    hc_nbody_init(h.pos[0], h.vel[0], n);
    std::vector<float> p_init(h.pos[0], h.pos[0] + 4 * n), v_init(h.vel[0], h.vel[0] + 4 * n);

    /* Timed from before the device set-up, as the OmpSs version opens the GPU at its first
     * task. */
    double t0 = wall_seconds();
    for (int i = 0; i < 2; i++) {
        CK(cudaMalloc(&d.pos[i], bytes));
        CK(cudaMalloc(&d.vel[i], bytes));
    }
    std::vector<cudaStream_t> s(ns);
    for (auto &x : s)
        CK(cudaStreamCreateWithFlags(&x, cudaStreamNonBlocking));
    double setup = wall_seconds() - t0;
    CK(cudaMemcpyAsync(d.pos[0], h.pos[0], bytes, cudaMemcpyHostToDevice, s[0]));
    CK(cudaMemcpyAsync(d.vel[0], h.vel[0], bytes, cudaMemcpyHostToDevice, s[0]));
    CK(cudaStreamSynchronize(s[0]));
    run_steps(d, n, steps, nb, s);
    CK(cudaDeviceSynchronize());
    for (int i = 0; i < 2; i++) {       /* the last state and the one before it */
        CK(cudaMemcpyAsync(h.pos[i], d.pos[i], bytes, cudaMemcpyDeviceToHost, s[0]));
        CK(cudaMemcpyAsync(h.vel[i], d.vel[i], bytes, cudaMemcpyDeviceToHost, s[0]));
    }
    CK(cudaStreamSynchronize(s[0]));
    double secs = wall_seconds() - t0;

    printf("nbody_hand: %d bodies, %d steps, %d blocks, %d streams, %s host memory\n", n, steps,
           nb, ns, pinned ? "pinned" : "pageable");
    printf("time: %.6f s (%.3f G interactions/s), device set-up %.6f s of it\n", secs,
           (double)n * n * steps / secs * 1e-9, setup);
    int last = steps % 2, prev = 1 - last;
    int wrong = hc_nbody_wrong(h.pos[prev], h.vel[prev], h.pos[last], h.vel[last], n, DT);
    double drift = hc_nbody_drift(p_init.data(), v_init.data(), h.pos[last], h.vel[last], n);
    if (wrong || !(drift < 1e-5)) {
        printf("result: WRONG (%d bodies off, momentum drift %.3g)\n", wrong, drift);
        return 1;
    }
    printf("result: OK (momentum drift %.3g)\n", drift);
    return 0;
}
