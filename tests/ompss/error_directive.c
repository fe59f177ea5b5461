/* #pragma omp error at(execution) (OpenMP 5.1): severity(warning) prints its message on
 * stderr and the program goes on; the directive runs where the statement is (here inside
 * a task, once per task).  The sequential build ignores the pragma and prints nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(void)
{
    char path[] = "/tmp/mcc-error-directive-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0)
        return 2;
    unlink(path);
    fflush(stderr);
    int saved = dup(2);
    dup2(fd, 2);
    int sum = 0;
    for (int i = 0; i < 3; i++) {
#pragma omp task shared(sum) firstprivate(i)
        {
            if (i == 1) {
#pragma omp error at(execution) severity(warning) message("tile skipped")
            }
#pragma omp atomic
            sum += i;
        }
    }
#pragma omp taskwait
    fflush(stderr);
    dup2(saved, 2);
    char buf[4096] = {0};
    ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
    int warnings = 0;
    for (char *p = buf; n > 0 && (p = strstr(p, "'#pragma omp error' encountered: tile skipped")); p++)
        warnings++;
#ifdef _OMPSS
    int ok = warnings == 1 && strstr(buf, "warning") && strstr(buf, "error_directive.c:24");
#else
    int ok = warnings == 0;
#endif
    printf("sum %d, messages as expected: %s\n", sum, ok ? "yes" : "no");
    if (!ok)
        fprintf(stderr, "stderr was: %s\n", buf);
    return ok ? 0 : 1;
}
