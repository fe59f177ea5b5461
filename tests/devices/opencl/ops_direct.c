/*
 * ops_direct.c - the OpenCL plugin's memory hooks called directly (not through the cache):
 * a rectangular copy of a tile into a buffer that mirrors the host layout and back
 * (clEnqueueWriteBufferRect / ReadBufferRect), plain copies, copies ordered by an `after`
 * event, a device-to-device rectangle (between two devices when there are two, else
 * inside one), event wait/query/release, and address() == NULL (buffers are not
 * addresses).
 */
#include "oclt.h"

enum { ROWS = 32, PITCH = 48, R0 = 5, C0 = 7, TH = 10, TW = 20 };

static unsigned char H[ROWS][PITCH], G[ROWS][PITCH], Z[ROWS][PITCH];

static void wait_release(struct nrt_space *s, nrt_event e)
{
    s->ops->mem->wait(s, e);
    OCLT_CHECK(s->ops->mem->query(s, e), "a waited-for event is not complete");
    s->ops->mem->release(s, e);
}

/* G must hold H's tile and zeros elsewhere. */
static void check_tile(const char *what)
{
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < PITCH; c++) {
            bool in = r >= R0 && r < R0 + TH && c >= C0 && c < C0 + TW;
            OCLT_CHECK(G[r][c] == (in ? H[r][c] : 0), "%s: byte (%d,%d) is %d, expected %d",
                       what, r, c, G[r][c], in ? H[r][c] : 0);
        }
}

int main(void)
{
    nanort_opencl_source("none.cl", "", NULL);    /* no source: no OpenCL device */
    oclt_require(1);
    struct nrt_space *s = oclt_space(0), *t = oclt_devices() > 1 ? oclt_space(1) : s;
    const struct nrt_mem_ops *m = s->ops->mem;
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < PITCH; c++)
            H[r][c] = (unsigned char)(1 + (r * PITCH + c) % 251);
    struct nrt_xfer all = {sizeof H, 1, sizeof H}, tile = {TW, TH, PITCH};
    size_t off = R0 * PITCH + C0;
    void *b = m->alloc(s, sizeof H);
    OCLT_CHECK(b != NULL, "alloc of %zu bytes failed", sizeof H);
    OCLT_CHECK(m->address(s, b, 0) == NULL, "address() of an OpenCL buffer is not NULL");
    /* zeros, then the tile after them (ordered by the event), then all back */
    nrt_event z = m->copy_in(s, b, 0, Z, &all, NULL);
    nrt_event e = m->copy_in(s, b, off, &H[R0][C0], &tile, z);
    nrt_event o = m->copy_out(s, G, b, 0, &all, e);
    wait_release(s, o);
    wait_release(s, e);
    wait_release(s, z);
    check_tile("rect copy in, plain copy out");
    /* the tile back into a zeroed host array by a rectangular read */
    memset(G, 0, sizeof G);
    wait_release(s, m->copy_out(s, &G[R0][C0], b, off, &tile, NULL));
    check_tile("rect copy out");
    /* device to device: the tile into a zeroed buffer on the other device (or this one) */
    void *d = t->ops->mem->alloc(t, sizeof H);
    wait_release(t, t->ops->mem->copy_in(t, d, 0, Z, &all, NULL));
    nrt_event p = t->ops->mem->copy_peer(t, d, off, s, b, off, &tile, NULL);
    OCLT_CHECK(p != NRT_EVENT_UNSUPPORTED, "%s -> %s: peer copy unsupported inside one context",
               s->name, t->name);
    wait_release(t, p);
    memset(G, 0, sizeof G);
    wait_release(t, t->ops->mem->copy_out(t, G, d, 0, &all, NULL));
    check_tile("peer rect copy");
    t->ops->mem->free(t, d);
    m->free(s, b);
    printf("ops_direct: rect, plain, ordered and peer (%s -> %s) copies right\n", s->name, t->name);
    return 0;
}
