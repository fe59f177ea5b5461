/*
 * arena.c - bump allocation for one translation: every AST node, symbol, token text and
 * edit of a run comes from one arena, released at once by arena_free() (chibicc's
 * "free at exit", but per call so the fuzzer and unit tests can translate many times).
 */
#include "mcc.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct arena_chunk {
    struct arena_chunk *next;
    size_t size;
    max_align_t data[];
};

enum { ARENA_CHUNK = 256 * 1024, ARENA_ALIGN = 16 };

void *arena_alloc(struct mcc_arena *a, size_t size)
{
    size = (size + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
    if ((size_t)(a->end - a->cur) < size) {
        size_t want = size > ARENA_CHUNK / 4 ? size : ARENA_CHUNK;
        struct arena_chunk *c = malloc(sizeof *c + want);
        if (!c) {
            fputs("mcc: out of memory\n", stderr);
            abort();
        }
        c->size = want;
        c->next = a->chunks;
        a->chunks = c;
        a->total += want;
        if (size > ARENA_CHUNK / 4) {
            /* A big block gets a chunk of its own; the current chunk stays in use. */
            memset(c->data, 0, size);
            return c->data;
        }
        a->cur = (char *)c->data;
        a->end = a->cur + want;
    }
    void *p = a->cur;
    a->cur += size;
    memset(p, 0, size);
    return p;
}

void *arena_grow(struct mcc_arena *a, const void *v, size_t n, size_t cap, size_t size)
{
    void *d = arena_alloc(a, cap * size);
    if (n)
        memcpy(d, v, n * size);
    return d;
}

char *arena_strndup(struct mcc_arena *a, const char *s, size_t n)
{
    char *d = arena_alloc(a, n + 1);
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

char *arena_printf(struct mcc_arena *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *d = arena_alloc(a, (size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(d, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return d;
}

void arena_free(struct mcc_arena *a)
{
    struct arena_chunk *c = a->chunks;
    while (c) {
        struct arena_chunk *next = c->next;
        free(c);
        c = next;
    }
    memset(a, 0, sizeof *a);
}
