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
    /* The thread inside (its token, 0: none): written by that thread around its hold,
     * read by a thread that enters to tell "I hold it myself" (it never sees its own token
     * unless it does).  Relaxed: only the reader's own earlier store can match. */
    atomic_uintptr_t owner;
    struct crit *next;              /* table_lock */
};

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static struct crit *table[CRIT_BUCKETS];    /* table_lock */
static struct crit unnamed = {NULL, PTHREAD_MUTEX_INITIALIZER, 0, NULL};
static __thread char self_token;            /* its address names this thread */

static unsigned hash_name(const char *s)
{
    unsigned h = 5381;
    while (*s)
        h = h * 33 + (unsigned char)*s++;
    return h % CRIT_BUCKETS;
}

static struct crit *crit_of(const char *name)
{
    if (!name)
        return &unnamed;
    unsigned h = hash_name(name);
    NRT_PCHECK(pthread_mutex_lock(&table_lock));
    struct crit *c = table[h];
    while (c && strcmp(c->name, name) != 0)
        c = c->next;
    if (!c) {
        c = nrt_xcalloc(1, sizeof *c);
        c->name = strdup(name);
        if (!c->name)
            nrt_fatal("out of memory (critical section name)");
        NRT_PCHECK(pthread_mutex_init(&c->lock, NULL));
        c->next = table[h];
        table[h] = c;
    }
    NRT_PCHECK(pthread_mutex_unlock(&table_lock));
    return c;
}

/* A worker inside a critical section never runs a task it creates at once (task.c): the
 * task could enter the same section, and the locks are not recursive.  A thread that
 * enters a section it already holds (a nested critical of the same name, or a task run
 * while its thread waited inside the section) would wait for itself forever: that stops
 * the program with a message instead. */
void nanort_critical_enter(const char *name)
{
    struct crit *c = crit_of(name);
    uintptr_t me = (uintptr_t)&self_token;
    if (atomic_load_explicit(&c->owner, memory_order_relaxed) == me) {
        const char *task = nrt_current && nrt_current->type ? nrt_current->type->label : NULL;
        nrt_fatal("critical section %s%s%s entered by a thread that is already inside it%s%s%s: "
                  "it would wait for itself forever. Do not nest critical sections of the "
                  "same name, and do not wait for tasks (taskwait, taskyield) inside a "
                  "critical section that those tasks enter", name ? "'" : "(unnamed)",
                  name ? name : "", name ? "'" : "", task ? " (in task '" : "",
                  task ? task : "", task ? "')" : "");
    }
    NRT_PCHECK(pthread_mutex_lock(&c->lock));
    atomic_store_explicit(&c->owner, me, memory_order_relaxed);
    if (nrt_self)
        nrt_self->crit_depth++;
}

void nanort_critical_leave(const char *name)
{
    struct crit *c = crit_of(name);
    if (nrt_self)
        nrt_self->crit_depth--;
    atomic_store_explicit(&c->owner, 0, memory_order_relaxed);
    NRT_PCHECK(pthread_mutex_unlock(&c->lock));
}

/* After fork: a lock another thread held would stay locked forever in the child. */
void nrt_critical_reset(void)
{
    pthread_mutex_init(&table_lock, NULL);
    pthread_mutex_init(&unnamed.lock, NULL);
    atomic_store(&unnamed.owner, 0);
    for (unsigned h = 0; h < CRIT_BUCKETS; h++)
        for (struct crit *c = table[h]; c; c = c->next) {
            pthread_mutex_init(&c->lock, NULL);
            atomic_store(&c->owner, 0);
        }
}
