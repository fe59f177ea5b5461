/* ported: ompss
   ported-werror
   producers and consumers of a ring of slots: producers fill a slot (out), consumers read it
   (in) and add into shared accumulators under depend(mutexinoutset) and OmpSs commutative,
   a static function task with in/out/commutative clauses, enum-indexed counters */
#include <stdio.h>
#include <string.h>

#define SLOTS 8
#define ITEMS 400

enum stat { ST_SUM, ST_XOR, ST_MAX, ST_COUNT, NSTAT };

typedef struct {
    long v[16];
} packet;

static packet ring[SLOTS];
static long stats[NSTAT];
static long order_log[ITEMS];   /* each consumer's item in the slot's order */

static void produce(packet *p, int item)
{
    for (int k = 0; k < 16; k++)
        p->v[k] = (long)item * 31 + k * k;
}

#pragma omp task in(*p) commutative(*acc)
static void add_packet(const packet *p, long *acc)
{
    for (int k = 0; k < 16; k++)
        *acc += p->v[k];
}

int main(void)
{
    long acc2 = 0;
    for (int item = 0; item < ITEMS; item++) {
        packet *slot = &ring[item % SLOTS];
        #pragma omp task depend(out: *slot) firstprivate(item)
        produce(slot, item);

        #pragma omp task depend(in: *slot) depend(mutexinoutset: stats) firstprivate(item)
        {
            long s = 0, x = 0, m = 0;
            for (int k = 0; k < 16; k++) {
                s += slot->v[k];
                x ^= slot->v[k];
                if (slot->v[k] > m)
                    m = slot->v[k];
            }
            stats[ST_SUM] += s;
            stats[ST_XOR] ^= x;
            if (m > stats[ST_MAX])
                stats[ST_MAX] = m;
            stats[ST_COUNT]++;
            order_log[item] = slot->v[0];
        }

        add_packet(slot, &acc2);
    }
    #pragma omp taskwait
    long h = 0;
    for (int i = 0; i < ITEMS; i++)
        h = h * 7 + order_log[i];
    printf("sum %ld xor %ld max %ld count %ld\n", stats[ST_SUM], stats[ST_XOR], stats[ST_MAX],
           stats[ST_COUNT]);
    printf("acc2 %ld log %ld\n", acc2, h);
    return 0;
}
