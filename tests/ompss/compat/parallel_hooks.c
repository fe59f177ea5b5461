/* nanort_parallel_begin/end (what mcc's lowering of `parallel` calls; here by hand on the
 * C API): omp_get_level, omp_get_active_level, omp_in_parallel, omp_get_team_size and
 * omp_get_ancestor_thread_num inside a region, in the tasks created in it and after it.
 * Checks itself: the team is every worker (active with more than one, or never with
 * begin(0), as if(false) / num_threads(1)). */
#include <nanort.h>
#include <stdio.h>

int omp_get_level(void), omp_get_active_level(void), omp_in_parallel(void);
int omp_get_team_size(int), omp_get_ancestor_thread_num(int);

struct seen { int level, active, inpar, size1; };
static struct seen in_task[8];
static int failures;

#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); putchar('\n'); failures++; } } while (0)

static void body(void *args, nanort_ctx *ctx)
{
    (void)ctx;
    struct seen *s = *(struct seen **)args;
    *s = (struct seen){omp_get_level(), omp_get_active_level(), omp_in_parallel(),
                       omp_get_team_size(1)};
}
static const struct nanort_impl impl = {NANORT_DEVICE_SMP, body, "body", NULL};
static struct nanort_task_type type = {"probe", __FILE__, 1, &impl, NULL};

static void spawn(struct seen *s)
{
    void *args;
    nanort_task *t = nanort_task_create(&type, sizeof s, 0, 0, &args);
    *(struct seen **)args = s;
    nanort_task_submit(t, 0, 0);
}

int main(void)
{
    int w = nanort_num_workers();
    CHECK(omp_get_level() == 0 && !omp_in_parallel(), "outside: level %d", omp_get_level());
    nanort_parallel_begin(1);
    int active = w > 1;
    CHECK(omp_get_level() == 1, "in region: level %d", omp_get_level());
    CHECK(omp_get_active_level() == active && omp_in_parallel() == active,
          "in region: active %d in_parallel %d with %d workers", omp_get_active_level(),
          omp_in_parallel(), w);
    CHECK(omp_get_team_size(1) == (active ? w : 1) && omp_get_team_size(0) == 1 &&
          omp_get_team_size(2) == -1, "team sizes %d %d %d", omp_get_team_size(0),
          omp_get_team_size(1), omp_get_team_size(2));
    CHECK(omp_get_ancestor_thread_num(0) == 0 && omp_get_ancestor_thread_num(2) == -1,
          "ancestor thread numbers");
    for (int i = 0; i < 4; i++)
        spawn(&in_task[i]);
    nanort_parallel_begin(0);           /* nested, inactive: level 2, active level stays */
    CHECK(omp_get_level() == 2 && omp_get_active_level() == active, "nested inactive: %d %d",
          omp_get_level(), omp_get_active_level());
    spawn(&in_task[4]);
    nanort_taskwait();
    nanort_parallel_end();
    CHECK(omp_get_level() == 1 && omp_get_active_level() == active, "after nested: %d %d",
          omp_get_level(), omp_get_active_level());
    nanort_taskwait();
    nanort_parallel_end();
    CHECK(omp_get_level() == 0 && omp_get_active_level() == 0 && !omp_in_parallel(),
          "after region: level %d active %d", omp_get_level(), omp_get_active_level());
    for (int i = 0; i < 4; i++)
        CHECK(in_task[i].level == 1 && in_task[i].active == active && in_task[i].inpar == active &&
              in_task[i].size1 == (active ? w : 1), "task %d: level %d active %d size %d", i,
              in_task[i].level, in_task[i].active, in_task[i].size1);
    CHECK(in_task[4].level == 2 && in_task[4].active == active, "nested task: level %d active %d",
          in_task[4].level, in_task[4].active);
    nanort_parallel_begin(0);
    CHECK(omp_get_level() == 1 && omp_get_active_level() == 0 && !omp_in_parallel(),
          "inactive region: level %d active %d", omp_get_level(), omp_get_active_level());
    nanort_parallel_end();
    printf("parallel_hooks: %d workers, %s\n", w, failures ? "FAILED" : "ok");
    return failures != 0;
}
