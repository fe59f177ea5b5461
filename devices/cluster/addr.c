/*
 * addr.c - rank 0's address windows and the other ranks' images of them.
 *
 * Rank 0's data lives in three places, and each maps to another rank by one offset:
 *   the executable's image (globals, functions, task descriptors): every rank runs the
 *     same executable, so an address moves by the difference of the two load addresses
 *     and lands on the same global of the other process;
 *   the heap window: from the end of the image up, HEAP_WINDOW bytes (the brk heap);
 *   the high window: from HIGH_BELOW bytes below rank 0's lowest mapping at start up to
 *     just above its stack (mmap'ed memory, thread stacks, main's stack).
 * Every other rank reserves two areas of the same sizes (anonymous, MAP_NORESERVE: no
 * memory is committed until a page is written) wherever its kernel puts them.  One offset
 * per window keeps the differences between addresses of one object: a task that indexes
 * the rows of its neighbours from a common base pointer (heat) finds them there too.
 */
#include "cluster.h"

#include <errno.h>
#include <link.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define TIB (1ull << 40)
#define GIB (1ull << 30)
#define HEAP_WINDOW (1 * TIB)
#define HIGH_BELOW (8 * TIB)

struct image {
    uintptr_t base, lo, hi;
    uintptr_t data_lo, data_hi;     /* the writable segments */
};

/* The first object dl_iterate_phdr reports is the executable. */
static int first_object(struct dl_phdr_info *info, size_t size, void *arg)
{
    (void)size;
    struct image *im = arg;
    uintptr_t lo = UINTPTR_MAX, hi = 0;
    im->data_lo = UINTPTR_MAX;
    im->data_hi = 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_LOAD)
            continue;
        uintptr_t a = info->dlpi_addr + ph->p_vaddr, b = a + ph->p_memsz;
        if (a < lo)
            lo = a;
        if (b > hi)
            hi = b;
        if ((ph->p_flags & PF_W) && a < im->data_lo)
            im->data_lo = a;
        if ((ph->p_flags & PF_W) && b > im->data_hi)
            im->data_hi = b;
    }
    long page = sysconf(_SC_PAGESIZE);
    im->base = info->dlpi_addr;
    im->lo = lo & ~(uintptr_t)(page - 1);
    im->hi = (hi + (uintptr_t)page - 1) & ~(uintptr_t)(page - 1);
    return 1;
}

void cl_image(uintptr_t *base, uint64_t *size)
{
    struct image im = {0};
    dl_iterate_phdr(first_object, &im);
    *base = im.lo;
    *size = im.hi - im.lo;
}

void cl_windows_of_rank0(struct cl_windows *w)
{
    struct image im = {0};
    dl_iterate_phdr(first_object, &im);
    w->img_lo = im.lo;
    w->img_hi = im.hi;
    w->img_base = im.lo;
    w->data_lo = im.data_lo;
    w->data_hi = im.data_hi;
    w->heap_lo = im.hi;
    w->heap_hi = im.hi + HEAP_WINDOW;
    /* a fresh mapping lands below the others (the mmap area grows down) */
    long page = sysconf(_SC_PAGESIZE);
    void *probe = mmap(NULL, (size_t)page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (probe == MAP_FAILED)
        cl_die("mmap of one page failed: %s", strerror(errno));
    uintptr_t low = (uintptr_t)probe;
    munmap(probe, (size_t)page);
    int on_stack;
    uintptr_t top = ((uintptr_t)&on_stack + GIB) & ~(uintptr_t)(GIB - 1);
    w->high_lo = low > HIGH_BELOW ? low - HIGH_BELOW : 0;
    if (w->high_lo < w->heap_hi)
        w->high_lo = w->heap_hi;
    w->high_hi = top + GIB;
}

enum cl_win cl_window(const struct cl_windows *w, uintptr_t a)
{
    if (a >= w->img_lo && a < w->img_hi)
        return CL_WIN_IMG;
    if (a >= w->heap_lo && a < w->heap_hi)
        return CL_WIN_HEAP;
    if (a >= w->high_lo && a < w->high_hi)
        return CL_WIN_HIGH;
    return CL_WIN_NONE;
}

static uintptr_t reserve(uint64_t bytes, const char *what)
{
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED)
        cl_die("cannot reserve %.1f TiB of address space for rank 0's %s (mmap: %s): cluster "
               "mode needs an unlimited address space (ulimit -v unlimited) and "
               "vm.overcommit_memory 0 or 1 (nothing is committed until used)",
               (double)bytes / (double)TIB, what, strerror(errno));
    return (uintptr_t)p;
}

void cl_reserve_windows(const struct cl_windows *w, struct cl_rank_info *me)
{
    me->heap_win = reserve(w->heap_hi - w->heap_lo, "heap");
    me->high_win = reserve(w->high_hi - w->high_lo, "mappings and stacks");
}
