/*
 * smp.c - the smp device: task bodies run on the worker threads, in host memory.
 * It is the reference device: the others register an ops table the same way, from a
 * constructor; smp is registered by the core at start so that a static link keeps it.
 */
#include "../../nanort/nrt.h"

static int smp_probe(void)
{
    return 1;
}

static void smp_run(const struct nanort_impl *impl, void *args, nanort_ctx *ctx)
{
    impl->run(args, ctx);
}

const struct nrt_device_ops nrt_smp_device = {
    .name = "smp",
    .kind = NANORT_DEVICE_SMP,
    .probe = smp_probe,
    .run = smp_run,
    .open = NULL,                   /* host memory: no spaces of its own */
};
