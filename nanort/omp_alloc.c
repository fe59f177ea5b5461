/*
 * omp_alloc.c - the OpenMP 5.0 routines of mcc's omp.h beyond 4.5: memory allocators
 * (omp_alloc and friends, omp_init_allocator with traits), the affinity format routines,
 * the teams and resource queries a host program makes, and the device memory routines
 * for the one device there is, the host.
 *
 * Allocators.  Every memory space is the host's memory (OpenMP lets an implementation map
 * them so).  A predefined allocator is malloc with its default traits; omp_init_allocator
 * keeps the traits that change what a program sees: alignment, pool_size (the bytes live
 * at once) and fallback (what happens when the pool is used up: default memory, NULL, a
 * stop, or another allocator); the others (sync_hint, access, pinned, partition) are
 * accepted.  Each block starts with a header that records where its memory starts, its
 * size and its allocator, so omp_free and omp_realloc need no lookup and may be given
 * any allocator (or none).  The handles are the enum values of omp.h for the predefined
 * allocators and the address of a struct allocator for the others.
 */
#include "nrt.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

/* omp_api.c's routines (mcc's omp.h declares them for programs). */
int omp_get_team_num(void);
int omp_get_num_teams(void);
int omp_get_level(void);
int omp_get_ancestor_thread_num(int level);
int omp_get_initial_device(void);
int omp_get_thread_limit(void);

/* omp.h's enums, as the integers they are passed as. */
typedef uintptr_t omp_handle;
enum { ALLOC_NULL = 0, ALLOC_PREDEFINED_LAST = 8, MEMSPACE_LAST = 4 };
enum { ATK_SYNC_HINT = 1, ATK_ALIGNMENT, ATK_ACCESS, ATK_POOL_SIZE, ATK_FALLBACK, ATK_FB_DATA,
       ATK_PINNED, ATK_PARTITION };
enum { ATV_DEFAULT_MEM_FB = 11, ATV_NULL_FB, ATV_ABORT_FB, ATV_ALLOCATOR_FB };
#define ATV_DEFAULT ((uintptr_t)-1)

struct trait {
    int key;
    uintptr_t value;
};

#define ALLOC_TAG 0x616c6c6fu       /* "allo" */

struct allocator {
    unsigned tag;
    size_t alignment;               /* a power of two, at least sizeof(void *) */
    size_t pool_size;               /* 0: no limit */
    _Atomic size_t used;            /* bytes of the live blocks (pool_size only) */
    int fallback;                   /* ATV_*_FB */
    omp_handle fb_data;             /* ATV_ALLOCATOR_FB: the allocator to use */
};

/* Before every block. */
struct header {
    void *base;                     /* what malloc returned */
    size_t size;                    /* the size asked for */
    struct allocator *pool;         /* the allocator whose pool counts it, or NULL */
};

#define MIN_ALIGN (sizeof(max_align_t))

/* The calling thread's default allocator (def-allocator-var, OMP_ALLOCATOR). */
static __thread omp_handle default_allocator;

static omp_handle start_default(void)
{
    static _Atomic omp_handle from_env;   /* 0: not read yet */
    omp_handle h = atomic_load_explicit(&from_env, memory_order_relaxed);
    if (h)
        return h;
    static const char *const names[] = {
        "", "omp_default_mem_alloc", "omp_large_cap_mem_alloc", "omp_const_mem_alloc",
        "omp_high_bw_mem_alloc", "omp_low_lat_mem_alloc", "omp_cgroup_mem_alloc",
        "omp_pteam_mem_alloc", "omp_thread_mem_alloc",
    };
    h = 1;                              /* omp_default_mem_alloc */
    const char *e = getenv("OMP_ALLOCATOR");
    for (int i = 1; e && i <= ALLOC_PREDEFINED_LAST; i++)
        if (!strcmp(e, names[i]))
            h = (omp_handle)i;
    atomic_store_explicit(&from_env, h, memory_order_relaxed);
    return h;
}

static struct allocator *custom(omp_handle h)
{
    if (h <= ALLOC_PREDEFINED_LAST)
        return NULL;
    struct allocator *a = (struct allocator *)h;
    if (a->tag != ALLOC_TAG)
        nrt_fatal("omp_alloc: %#lx is not an allocator (omp_init_allocator makes them; "
                  "destroyed ones cannot be used)", (unsigned long)h);
    return a;
}

static void *alloc_with(omp_handle h, size_t align, size_t size, bool zero);

/* The pool of a is used up: its fallback. */
static void *fall_back(struct allocator *a, size_t align, size_t size, bool zero)
{
    switch (a->fallback) {
    case ATV_NULL_FB:
        return NULL;
    case ATV_ABORT_FB:
        nrt_fatal("omp_alloc: %zu bytes do not fit the allocator's pool (pool_size %zu, "
                  "fallback abort_fb)", size, a->pool_size);
    case ATV_ALLOCATOR_FB:
        return alloc_with(a->fb_data, align, size, zero);
    default:
        return alloc_with(1, align, size, zero);   /* default memory */
    }
}

static void *alloc_with(omp_handle h, size_t align, size_t size, bool zero)
{
    if (size == 0)
        return NULL;
    if (h == ALLOC_NULL)
        h = default_allocator ? default_allocator : start_default();
    struct allocator *a = custom(h);
    if (a && a->alignment > align)
        align = a->alignment;
    if (align < MIN_ALIGN)
        align = MIN_ALIGN;
    if (a && a->pool_size) {
        size_t used = atomic_fetch_add(&a->used, size) + size;
        if (used > a->pool_size || used < size) {
            atomic_fetch_sub(&a->used, size);
            return fall_back(a, align, size, zero);
        }
    }
    size_t room = sizeof(struct header) + align - 1;
    void *base = size > SIZE_MAX - room ? NULL : zero ? calloc(1, size + room) : malloc(size + room);
    if (!base) {
        if (a && a->pool_size)
            atomic_fetch_sub(&a->used, size);
        return a && a->fallback != ATV_DEFAULT_MEM_FB ? fall_back(a, align, size, zero) : NULL;
    }
    uintptr_t p = ((uintptr_t)base + sizeof(struct header) + align - 1) & ~(uintptr_t)(align - 1);
    struct header *hd = (struct header *)p - 1;
    hd->base = base;
    hd->size = size;
    hd->pool = a && a->pool_size ? a : NULL;
    return (void *)p;
}

static bool power_of_two(uintptr_t v)
{
    return v && !(v & (v - 1));
}

omp_handle omp_init_allocator(omp_handle memspace, int ntraits, const struct trait traits[])
{
    if (memspace > MEMSPACE_LAST || ntraits < 0 || (ntraits > 0 && !traits))
        return ALLOC_NULL;
    struct allocator *a = nrt_xmalloc(sizeof *a);
    *a = (struct allocator){.tag = ALLOC_TAG, .alignment = MIN_ALIGN,
                            .fallback = ATV_DEFAULT_MEM_FB};
    atomic_init(&a->used, 0);
    for (int i = 0; i < ntraits; i++) {
        uintptr_t v = traits[i].value;
        bool ok = true;
        switch (traits[i].key) {
        case ATK_ALIGNMENT:
            ok = v == ATV_DEFAULT || power_of_two(v);
            if (ok && v != ATV_DEFAULT && v > a->alignment)
                a->alignment = v;
            break;
        case ATK_POOL_SIZE:
            a->pool_size = v == ATV_DEFAULT ? 0 : v;
            break;
        case ATK_FALLBACK:
            ok = v == ATV_DEFAULT || (v >= ATV_DEFAULT_MEM_FB && v <= ATV_ALLOCATOR_FB);
            if (ok && v != ATV_DEFAULT)
                a->fallback = (int)v;
            break;
        case ATK_FB_DATA:
            a->fb_data = v;
            break;
        case ATK_SYNC_HINT: case ATK_ACCESS: case ATK_PINNED: case ATK_PARTITION:
            break;                      /* accepted: one kind of memory here */
        default:
            ok = false;
        }
        if (!ok) {
            free(a);
            return ALLOC_NULL;          /* OpenMP: an invalid trait gives omp_null_allocator */
        }
    }
    if (a->fallback == ATV_ALLOCATOR_FB && a->fb_data == ALLOC_NULL) {
        free(a);
        return ALLOC_NULL;
    }
    return (omp_handle)a;
}

void omp_destroy_allocator(omp_handle h)
{
    struct allocator *a = custom(h);
    if (a) {
        a->tag = 0;
        free(a);
    }
}

void omp_set_default_allocator(omp_handle h)
{
    default_allocator = h;
}

omp_handle omp_get_default_allocator(void)
{
    return default_allocator ? default_allocator : start_default();
}

void *omp_alloc(size_t size, omp_handle h)
{
    return alloc_with(h, 0, size, false);
}

void *omp_aligned_alloc(size_t alignment, size_t size, omp_handle h)
{
    if (!power_of_two(alignment))
        return NULL;
    return alloc_with(h, alignment, size, false);
}

void *omp_calloc(size_t nmemb, size_t size, omp_handle h)
{
    if (size && nmemb > SIZE_MAX / size)
        return NULL;
    return alloc_with(h, 0, nmemb * size, true);
}

void *omp_aligned_calloc(size_t alignment, size_t nmemb, size_t size, omp_handle h)
{
    if (!power_of_two(alignment) || (size && nmemb > SIZE_MAX / size))
        return NULL;
    return alloc_with(h, alignment, nmemb * size, true);
}

void omp_free(void *ptr, omp_handle h)
{
    (void)h;                            /* the header knows */
    if (!ptr)
        return;
    struct header *hd = (struct header *)ptr - 1;
    if (hd->pool)
        atomic_fetch_sub(&hd->pool->used, hd->size);
    nanort_free(hd->base);
}

void *omp_realloc(void *ptr, size_t size, omp_handle h, omp_handle free_h)
{
    if (!ptr)
        return omp_alloc(size, h);
    if (size == 0) {
        omp_free(ptr, free_h);
        return NULL;
    }
    nrt_cache_block_back(((struct header *)ptr - 1)->base);
    void *n = omp_alloc(size, h);
    if (n) {
        size_t old = ((struct header *)ptr - 1)->size;
        memcpy(n, ptr, old < size ? old : size);
        omp_free(ptr, free_h);
    }
    return n;
}

/* ---- affinity format (OpenMP 5.0, 3.2.30-3.2.33) ----------------------------------------- */

static char *affinity_format;       /* NULL: OMP_AFFINITY_FORMAT or the default */
static struct nrt_lock format_lock = NRT_LOCK_INITIALIZER;

static const char *format_now(char *copy, size_t size)
{
    nrt_lock_acquire(&format_lock);
    const char *f = affinity_format ? affinity_format : getenv("OMP_AFFINITY_FORMAT");
    snprintf(copy, size, "%s", f ? f : "level %L thread %i affinity %A");
    nrt_lock_release(&format_lock);
    return copy;
}

void omp_set_affinity_format(const char *format)
{
    char *c = strdup(format ? format : "");
    nrt_lock_acquire(&format_lock);
    free(affinity_format);
    affinity_format = c;
    nrt_lock_release(&format_lock);
}

size_t omp_get_affinity_format(char *buffer, size_t size)
{
    char f[1024];
    format_now(f, sizeof f);
    if (buffer && size)
        snprintf(buffer, size, "%s", f);
    return strlen(f);
}

/* The calling thread's cores, "0-3,8" (OpenMP's thread_affinity field). */
static void cpus_text(char *out, size_t size)
{
    cpu_set_t set;
    size_t k = 0;
    out[0] = '\0';
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return;
    for (int c = 0; c < CPU_SETSIZE && k + 1 < size; c++) {
        if (!CPU_ISSET(c, &set))
            continue;
        int e = c;
        while (e + 1 < CPU_SETSIZE && CPU_ISSET(e + 1, &set))
            e++;
        k += (size_t)snprintf(out + k, size - k, e > c ? "%s%d-%d" : "%s%d", k ? "," : "", c, e);
        c = e;
    }
}

/* One field's value as text: short (%n) or long ({thread_num}) names. */
static bool field(const char *name, size_t len, char *out, size_t size)
{
    static const struct { char c; const char *name; } fields[] = {
        {'t', "team_num"}, {'T', "num_teams"}, {'L', "nesting_level"}, {'n', "thread_num"},
        {'N', "num_threads"}, {'a', "ancestor_tnum"}, {'H', "host"}, {'P', "process_id"},
        {'i', "native_thread_id"}, {'A', "thread_affinity"},
    };
    char c = 0;
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if ((len == 1 && name[0] == fields[i].c) ||
            (len == strlen(fields[i].name) && !memcmp(name, fields[i].name, len)))
            c = fields[i].c;
    switch (c) {
    case 't': snprintf(out, size, "%d", omp_get_team_num()); break;
    case 'T': snprintf(out, size, "%d", omp_get_num_teams()); break;
    case 'L': snprintf(out, size, "%d", omp_get_level()); break;
    case 'n': snprintf(out, size, "%d", omp_get_thread_num()); break;
    case 'N': snprintf(out, size, "%d", omp_get_num_threads()); break;
    case 'a': snprintf(out, size, "%d", omp_get_ancestor_thread_num(omp_get_level() - 1)); break;
    case 'H': if (gethostname(out, size) != 0) snprintf(out, size, "?"); break;
    case 'P': snprintf(out, size, "%ld", (long)getpid()); break;
    case 'i': snprintf(out, size, "%ld", (long)syscall(SYS_gettid)); break;
    case 'A': cpus_text(out, size); break;
    default: return false;
    }
    return true;
}

size_t omp_capture_affinity(char *buffer, size_t size, const char *format)
{
    char f[1024], out[4096];
    if (!format || !*format)
        format = format_now(f, sizeof f);
    size_t k = 0;
    for (const char *p = format; *p && k + 1 < sizeof out;) {
        if (*p != '%') {
            out[k++] = *p++;
            continue;
        }
        if (p[1] == '%') {
            out[k++] = '%';
            p += 2;
            continue;
        }
        /* %[0][.][width]field or %[0][.][width]{name} */
        const char *q = p + 1;
        bool zero = *q == '0', right = false;
        q += zero;
        if (*q == '.') {
            right = true;
            q++;
        }
        int width = 0;
        while (*q >= '0' && *q <= '9')
            width = width * 10 + (*q++ - '0');
        const char *name = q;
        size_t len = 1;
        if (*q == '{') {
            const char *end = strchr(q, '}');
            name = q + 1;
            len = end ? (size_t)(end - name) : 0;
            q = end ? end + 1 : q + strlen(q);
        } else if (*q) {
            q++;
        }
        char v[512];
        if (!*name || !field(name, len, v, sizeof v)) {
            out[k++] = *p++;            /* not a field: the text as it is */
            continue;
        }
        size_t vlen = strlen(v), pad = (size_t)width > vlen ? (size_t)width - vlen : 0;
        for (size_t i = 0; right && i < pad && k + 1 < sizeof out; i++)
            out[k++] = zero ? '0' : ' ';
        for (size_t i = 0; i < vlen && k + 1 < sizeof out; i++)
            out[k++] = v[i];
        for (size_t i = 0; !right && i < pad && k + 1 < sizeof out; i++)
            out[k++] = ' ';
        p = q;
    }
    out[k] = '\0';
    if (buffer && size)
        snprintf(buffer, size, "%s", out);
    return k;
}

void omp_display_affinity(const char *format)
{
    char line[4096];
    omp_capture_affinity(line, sizeof line, format);
    fprintf(stderr, "%s\n", line);
}

/* ---- environment and resources ------------------------------------------------------------- */

void omp_display_env(int verbose)
{
    (void)verbose;                      /* nanort's own settings are always shown */
    nrt_ensure_started();
    nrt_help_print_env();
}

int omp_get_device_num(void)
{
    return omp_get_initial_device();
}

/* What max-active-levels-var may reach (omp_api.c), as in libgomp; a level past 32 is
 * never active (omp_api.c's par_active). */
int omp_get_supported_active_levels(void)
{
    return 255;
}

/* Nothing the runtime holds needs releasing for another program to run (the workers
 * sleep when idle): success. */
int omp_pause_resource(int kind, int device_num)
{
    (void)kind;
    return device_num == omp_get_initial_device() ? 0 : -1;
}

int omp_pause_resource_all(int kind)
{
    (void)kind;
    return 0;
}

/* teams (OpenMP 5.1 ICVs): one team here; the values are kept and read back. */
static _Atomic int num_teams_var = 1, teams_thread_limit_var = 0;

void omp_set_num_teams(int n)
{
    if (n > 0)
        atomic_store_explicit(&num_teams_var, n, memory_order_relaxed);
}

int omp_get_max_teams(void)
{
    return atomic_load_explicit(&num_teams_var, memory_order_relaxed);
}

void omp_set_teams_thread_limit(int n)
{
    if (n > 0)
        atomic_store_explicit(&teams_thread_limit_var, n, memory_order_relaxed);
}

int omp_get_teams_thread_limit(void)
{
    int n = atomic_load_explicit(&teams_thread_limit_var, memory_order_relaxed);
    return n > 0 ? n : omp_get_thread_limit();
}

/* ---- device memory (OpenMP 4.5, 3.6): the host is the one device --------------------------- */

static bool host(int device)
{
    return device == omp_get_initial_device();
}

void *omp_target_alloc(size_t size, int device)
{
    return host(device) && size ? malloc(size) : NULL;
}

void omp_target_free(void *ptr, int device)
{
    if (host(device))
        free(ptr);
}

int omp_target_is_present(const void *ptr, int device)
{
    (void)ptr;
    return host(device);
}

int omp_target_memcpy(void *dst, const void *src, size_t length, size_t dst_offset,
                      size_t src_offset, int dst_device, int src_device)
{
    if (!host(dst_device) || !host(src_device) || (length && (!dst || !src)))
        return EINVAL;
    memmove((char *)dst + dst_offset, (const char *)src + src_offset, length);
    return 0;
}

static void copy_rect(char *dst, const char *src, size_t elem, int nd, const size_t *vol,
                      const size_t *doff, const size_t *soff, const size_t *ddims,
                      const size_t *sdims)
{
    if (nd == 1) {
        memmove(dst + doff[0] * elem, src + soff[0] * elem, vol[0] * elem);
        return;
    }
    size_t dstride = elem, sstride = elem;
    for (int k = 1; k < nd; k++) {
        dstride *= ddims[k];
        sstride *= sdims[k];
    }
    for (size_t i = 0; i < vol[0]; i++)
        copy_rect(dst + (doff[0] + i) * dstride, src + (soff[0] + i) * sstride, elem, nd - 1,
                  vol + 1, doff + 1, soff + 1, ddims + 1, sdims + 1);
}

int omp_target_memcpy_rect(void *dst, const void *src, size_t element_size, int num_dims,
                           const size_t *volume, const size_t *dst_offsets,
                           const size_t *src_offsets, const size_t *dst_dimensions,
                           const size_t *src_dimensions, int dst_device, int src_device)
{
    if (!dst && !src)
        return INT_MAX;                 /* the most dimensions supported */
    if (!host(dst_device) || !host(src_device) || !dst || !src || num_dims < 1 ||
        !volume || !dst_offsets || !src_offsets || !dst_dimensions || !src_dimensions)
        return EINVAL;
    copy_rect(dst, src, element_size, num_dims, volume, dst_offsets, src_offsets,
              dst_dimensions, src_dimensions);
    return 0;
}

/* There is no device memory to associate host memory with. */
int omp_target_associate_ptr(const void *host_ptr, const void *device_ptr, size_t size,
                             size_t device_offset, int device)
{
    (void)host_ptr, (void)device_ptr, (void)size, (void)device_offset, (void)device;
    return EINVAL;
}

int omp_target_disassociate_ptr(const void *ptr, int device)
{
    (void)ptr, (void)device;
    return EINVAL;
}
