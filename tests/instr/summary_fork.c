/* summary_fork.c - 20 tasks, then a fork() whose child creates 30 tasks and exits: each
 * process's --summary counts its own tasks created and run (the child's counted the
 * parent's 20 too: created 50, run 30).  run.sh summary-fork reads both tables. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static int fill(int *v, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) {
#pragma omp task shared(v) firstprivate(i)
        v[i] = i + 1;
    }
#pragma omp taskwait
    for (int i = 0; i < n; i++)
        s += v[i];
    return s;
}

int main(void)
{
    int v[30];
    printf("parent %d\n", fill(v, 20));
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        printf("child %d\n", fill(v, 30));
        exit(0);                    /* the child's summary, at its exit */
    }
    int st;
    return pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : 1;
}
