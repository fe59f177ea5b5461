/* The main thread keeps the process's cores until the program's first task, and a child of
 * fork() gets them back: the runtime that starts with main (--eager-start) bound main to
 * one core at once, so a program's own threads and processes (pthread_create, popen, fork)
 * ran on that one core, and omp_set_num_threads()'s restart saw one core.  Each line says
 * whether the thread or process named has the cores a constructor saw before main (1 under
 * gcc -fopenmp, which binds nothing). */
#define _GNU_SOURCE
#include <omp.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static int cores_before_main;

static int cores(void)
{
    cpu_set_t s;
    return sched_getaffinity(0, sizeof s, &s) == 0 ? CPU_COUNT(&s) : -1;
}

__attribute__((constructor)) static void before_main(void)
{
    cores_before_main = cores();
}

static void *thread_cores(void *arg)
{
    *(int *)arg = cores();
    return NULL;
}

static long squares(int n)
{
    long v[64], s = 0;
    for (int i = 0; i < n; i++) {
        long *r = &v[i];
#pragma omp task depend(out: r[0])
        *r = (long)i * i;
    }
#pragma omp taskwait
    while (n-- > 0)
        s += v[n];
    return s;
}

int main(void)
{
    printf("main before tasks: %d\n", cores() == cores_before_main);
    pthread_t t;
    int tc = -1;
    if (pthread_create(&t, NULL, thread_cores, &tc) != 0 || pthread_join(t, NULL) != 0)
        return 2;
    printf("thread of main before tasks: %d\n", tc == cores_before_main);
    fflush(stdout);
    /* a command's cores: popen's child inherits main's (nproc also reads OMP_NUM_THREADS) */
    char cmd[160], line[64];
    snprintf(cmd, sizeof cmd, "test $(env -u OMP_NUM_THREADS -u OMP_THREAD_LIMIT nproc) = %d "
                              "&& echo 1 || echo 0", cores_before_main);
    FILE *p = popen(cmd, "r");
    if (!p || !fgets(line, sizeof line, p))
        return 2;
    pclose(p);
    printf("command before tasks: %s", line);
    printf("sum %ld\n", squares(40));
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        int same = cores() == cores_before_main;    /* before its own tasks bind it */
        printf("child of fork after tasks: %d, sum %ld\n", same, squares(20));
        exit(0);
    }
    int st;
    if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
        return 3;
    return 0;
}
