/* ported: openmp
   ported-werror ported-seq-libs: -lgomp
   a hash table with a lock per bucket: locks initialised by a `parallel for`, keys inserted
   by a `parallel for schedule(dynamic)` and by tasks, each insertion under its bucket's
   `omp_set_lock`, a nest lock guarding a global count re-entered by a helper, `omp_test_lock`
   spinning, locks destroyed by a `parallel for`; the table's contents sorted and summed */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>

#define NB 64
#define NKEYS 5000

struct entry { unsigned key; int count; struct entry *next; };

static struct entry *bucket[NB];
static omp_lock_t lock[NB];
static omp_nest_lock_t count_lock;
static long distinct;

static void count_new(void)
{
    omp_set_nest_lock(&count_lock);
    distinct++;
    omp_unset_nest_lock(&count_lock);
}

static void insert(unsigned key)
{
    unsigned b = key % NB;
    omp_set_lock(&lock[b]);
    struct entry *e = bucket[b];
    while (e && e->key != key)
        e = e->next;
    if (e) {
        e->count++;
    } else {
        e = malloc(sizeof *e);
        e->key = key;
        e->count = 1;
        e->next = bucket[b];
        bucket[b] = e;
        omp_set_nest_lock(&count_lock);
        count_new();
        omp_unset_nest_lock(&count_lock);
    }
    omp_unset_lock(&lock[b]);
}

static unsigned key_of(int i)
{
    unsigned x = (unsigned)i * 2654435761u;
    return (x >> 7) % 3000;
}

int main(void)
{
    omp_init_nest_lock(&count_lock);
    #pragma omp parallel for
    for (int b = 0; b < NB; b++)
        omp_init_lock(&lock[b]);
    #pragma omp parallel for schedule(dynamic, 64)
    for (int i = 0; i < NKEYS; i++)
        insert(key_of(i));
    #pragma omp parallel
    #pragma omp single
    for (int i = NKEYS; i < 2 * NKEYS; i += 100) {
        #pragma omp task firstprivate(i)
        for (int k = i; k < i + 100; k++) {
            unsigned key = key_of(k);
            while (!omp_test_lock(&lock[key % NB]))
                ;
            omp_unset_lock(&lock[key % NB]);
            insert(key);
        }
    }
    long total = 0, weighted = 0, maxc = 0;
    for (int b = 0; b < NB; b++)
        for (struct entry *e = bucket[b]; e; e = e->next) {
            total += e->count;
            weighted += (long)e->key * e->count;
            if (e->count > maxc)
                maxc = e->count;
        }
    #pragma omp parallel for
    for (int b = 0; b < NB; b++)
        omp_destroy_lock(&lock[b]);
    omp_destroy_nest_lock(&count_lock);
    printf("distinct %ld total %ld weighted %ld max %ld\n", distinct, total, weighted, maxc);
    return 0;
}
