/* ported: openmp
   ported-werror
   a cache filled under a named critical section: each task that misses
   creates tasks for the entry's parts and waits for them (taskwait) inside the section,
   while its siblings wait to enter it; a second level of tasks checks the entries under
   another name.  OpenMP's scheduling constraint for tied tasks keeps a thread waiting in
   the section from running a sibling that wants it (nanort stopped with "entered by a
   thread that is already inside it") */
#include <stdio.h>

#define NKEYS 12
#define NTASKS 48

static long cache[NKEYS];
static int filled[NKEYS];
static long misses, checked;
static long result[NTASKS];

static long part(int key, int k)
{
  long v = 1;
  for (int i = 0; i <= key + k; i++)
    v = v * 3 % 10007;
  return v;
}

int main(void)
{
  long total = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int t = 0; t < NTASKS; t++) {
#pragma omp task firstprivate(t) depend(out: result[t])
      {
        int key = (t * 5) % NKEYS;
        long v;
#pragma omp critical(cache)
        {
          if (!filled[key]) {
            long parts[3] = { 0, 0, 0 };
            for (int k = 0; k < 3; k++) {
#pragma omp task shared(parts) firstprivate(k, key)
              parts[k] = part(key, k);
            }
#pragma omp taskwait
            cache[key] = parts[0] + 2 * parts[1] + 3 * parts[2];
            filled[key] = 1;
            misses++;
          }
          v = cache[key];
        }
#pragma omp task firstprivate(v, key)
        {
#pragma omp critical(check)
          checked += (v == cache[key]);
        }
        result[t] = v;
      }
    }
  }
  for (int t = 0; t < NTASKS; t++)
    total += result[t] * (t % 7 + 1);
  printf("total %ld misses %ld checked %ld\n", total, misses, checked);
  return 0;
}
