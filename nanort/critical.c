/*
 * critical.c - critical sections: one lock per name in a small hash table, plus the
 * unnamed one.  Locks are created at first use and live until exit.
 */
#include "nrt.h"

#include <stdlib.h>
#include <string.h>

#define CRIT_BUCKETS 64

struct crit {
    char *name;
    pthread_mutex_t lock;
    struct crit *next;              /* table_lock */
};

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static struct crit *table[CRIT_BUCKETS];    /* table_lock */
static pthread_mutex_t unnamed = PTHREAD_MUTEX_INITIALIZER;

static unsigned hash_name(const char *s)
{
    unsigned h = 5381;
    while (*s)
        h = h * 33 + (unsigned char)*s++;
    return h % CRIT_BUCKETS;
}

static pthread_mutex_t *lock_of(const char *name)
{
    if (!name)
        return &unnamed;
    unsigned h = hash_name(name);
    NRT_PCHECK(pthread_mutex_lock(&table_lock));
    struct crit *c = table[h];
    while (c && strcmp(c->name, name) != 0)
        c = c->next;
    if (!c) {
        c = nrt_xmalloc(sizeof *c);
        c->name = strdup(name);
        if (!c->name)
            nrt_fatal("out of memory (critical section name)");
        NRT_PCHECK(pthread_mutex_init(&c->lock, NULL));
        c->next = table[h];
        table[h] = c;
    }
    NRT_PCHECK(pthread_mutex_unlock(&table_lock));
    return &c->lock;
}

/* A worker inside a critical section never runs a task it creates at once (task.c): the
 * task could enter the same section, and the locks are not recursive. */
void nanort_critical_enter(const char *name)
{
    NRT_PCHECK(pthread_mutex_lock(lock_of(name)));
    if (nrt_self)
        nrt_self->crit_depth++;
}

void nanort_critical_leave(const char *name)
{
    if (nrt_self)
        nrt_self->crit_depth--;
    NRT_PCHECK(pthread_mutex_unlock(lock_of(name)));
}

/* After fork: a lock another thread held would stay locked forever in the child. */
void nrt_critical_reset(void)
{
    pthread_mutex_init(&table_lock, NULL);
    pthread_mutex_init(&unnamed, NULL);
    for (unsigned h = 0; h < CRIT_BUCKETS; h++)
        for (struct crit *c = table[h]; c; c = c->next)
            pthread_mutex_init(&c->lock, NULL);
}
