/* ported: ompss
   ported-werror
   Recursive traversals that count into struct members through reductions, the tasks of each
   level created inside the reducing task of the level above, with no taskwait before the
   creator updates the members itself: an inline task `reduction(+: s->nodes, s->depth_sum)`
   and a function task `reduction(+: st->leaves) reduction(max: st->deepest)`.  The members
   are updated in place under commutative dependences, which exclude siblings only: a task
   and the descendants its body created updated them at the same time and counts were lost
   (about one run in two on 4 workers) */
#include <stdio.h>

typedef struct { long nodes; long depth_sum; } tree_t;
typedef struct { long leaves; int deepest; } leaf_t;

static void walk(int depth, tree_t *s)
{
  if (depth == 0)
    return;
  for (int c = 0; c < 3; c++) {
    #pragma omp task reduction(+: s->nodes, s->depth_sum) firstprivate(depth)
    {
      walk(depth - 1, s);
      for (int k = 0; k < 200; k++)
        s->nodes += 1;
      s->depth_sum += depth;
    }
  }
}

#pragma omp task reduction(+: st->leaves) reduction(max: st->deepest)
void leaves(int depth, int level, leaf_t *st)
{
  if (depth == 0) {
    for (int k = 0; k < 100; k++)
      st->leaves += 1;
    if (level > st->deepest)
      st->deepest = level;
    return;
  }
  for (int c = 0; c < 3; c++)
    leaves(depth - 1, level + 1, st);
  for (int k = 0; k < 100; k++)
    st->leaves += 1;
}

int main(void)
{
  tree_t s = { 0, 0 };
  leaf_t st = { 0, -1 };
  for (int round = 0; round < 4; round++) {
    walk(6, &s);
    leaves(6, 0, &st);
  }
  #pragma omp taskwait
  printf("nodes %ld depth_sum %ld leaves %ld deepest %d\n", s.nodes, s.depth_sum, st.leaves,
         st.deepest);
  return 0;
}
