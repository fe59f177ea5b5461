/* ported: openmp
   ported-werror
   health in the shape of BOTS health: a tree of villages, each with linked lists of patients
   (structs), a task per child village each step, patients moved up the tree after the
   taskwait, a per-village random state */
#include <stdio.h>
#include <stdlib.h>

#define LEVELS 4
#define FANOUT 4
#define STEPS 40

struct patient {
    int id;
    int time_left;
    int hops;
    struct patient *next;
};

struct list {
    struct patient *head, *tail;
    int count;
};

struct village {
    int id, level;
    long seed;
    struct village *child[FANOUT];
    struct village *parent;
    struct list population, waiting, assess, inside, up;
    int free_staff;
    long treated;
};

static void list_add(struct list *l, struct patient *p)
{
    p->next = NULL;
    if (l->tail)
        l->tail->next = p;
    else
        l->head = p;
    l->tail = p;
    l->count++;
}

static struct patient *list_pop(struct list *l)
{
    struct patient *p = l->head;
    if (p) {
        l->head = p->next;
        if (!l->head)
            l->tail = NULL;
        l->count--;
    }
    return p;
}

static void list_move_all(struct list *from, struct list *to)
{
    struct patient *p;
    while ((p = list_pop(from)))
        list_add(to, p);
}

static int my_rand(long *seed)
{
    *seed = (*seed * 1103515245 + 12345) & 0x7fffffff;
    return (int)(*seed >> 8);
}

static int next_id;

static struct village *build(int level, int *counter, struct village *parent)
{
    struct village *v = calloc(1, sizeof *v);
    v->id = (*counter)++;
    v->level = level;
    v->seed = 1000 + v->id * 17;
    v->parent = parent;
    v->free_staff = 1 + level;
    for (int i = 0; i < 6; i++) {
        struct patient *p = calloc(1, sizeof *p);
        p->id = next_id++;
        list_add(&v->population, p);
    }
    if (level > 1)
        for (int c = 0; c < FANOUT; c++)
            v->child[c] = build(level - 1, counter, v);
    return v;
}

static void check_patients(struct village *v)
{
    struct list still = {0};
    struct patient *p;
    while ((p = list_pop(&v->inside))) {
        if (--p->time_left == 0) {
            v->free_staff++;
            v->treated++;
            list_add(&v->population, p);
        } else
            list_add(&still, p);
    }
    v->inside = still;
    struct list assess_left = {0};
    while ((p = list_pop(&v->assess))) {
        if (my_rand(&v->seed) % 10 < 3 && v->parent) {
            v->free_staff++;
            p->hops++;
            list_add(&v->up, p);
        } else {
            p->time_left = 1 + my_rand(&v->seed) % 3;
            list_add(&v->inside, p);
        }
    }
    v->assess = assess_left;
    while (v->free_staff > 0 && v->waiting.count > 0) {
        v->free_staff--;
        list_add(&v->assess, list_pop(&v->waiting));
    }
    struct list healthy = {0};
    while ((p = list_pop(&v->population))) {
        if (my_rand(&v->seed) % 100 < 5)
            list_add(&v->waiting, p);
        else
            list_add(&healthy, p);
    }
    v->population = healthy;
}

static void sim_village(struct village *v)
{
    for (int c = 0; c < FANOUT; c++) {
        struct village *ch = v->child[c];
        if (ch) {
            #pragma omp task firstprivate(ch)
            sim_village(ch);
        }
    }
    #pragma omp taskwait
    /* children's referrals come up after all of them finished */
    for (int c = 0; c < FANOUT; c++)
        if (v->child[c])
            list_move_all(&v->child[c]->up, &v->waiting);
    check_patients(v);
}

static void totals(const struct village *v, long *treated, long *people, long *hops)
{
    const struct list *ls[] = { &v->population, &v->waiting, &v->assess, &v->inside, &v->up };
    *treated += v->treated;
    for (unsigned i = 0; i < sizeof ls / sizeof ls[0]; i++)
        for (const struct patient *p = ls[i]->head; p; p = p->next) {
            (*people)++;
            *hops += p->hops * (p->id % 7 + 1);
        }
    for (int c = 0; c < FANOUT; c++)
        if (v->child[c])
            totals(v->child[c], treated, people, hops);
}

int main(void)
{
    int counter = 0;
    struct village *top = build(LEVELS, &counter, NULL);
    #pragma omp parallel
    #pragma omp single
    for (int s = 0; s < STEPS; s++) {
        #pragma omp task
        sim_village(top);
        #pragma omp taskwait
    }
    long treated = 0, people = 0, hops = 0;
    totals(top, &treated, &people, &hops);
    printf("villages %d people %ld treated %ld hops %ld\n", counter, people, treated, hops);
    return 0;
}
