/*
 * cache.c - the data directory across memory spaces.
 * PLACEHOLDER until the device layer lands: the host is the only space.
 */
#include "nrt.h"

void nrt_cache_host_acquire(struct nanort_task *t) { (void)t; }
void nrt_cache_host_release(struct nanort_task *t) { (void)t; }
void nrt_devices_flush(void) {}
void nrt_cache_flush_regions(unsigned n, const struct nrt_region *regs) { (void)n; (void)regs; }
