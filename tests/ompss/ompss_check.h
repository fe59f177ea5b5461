/*
 * ompss_check.h - what the self-checking OmpSs test programs share.
 *
 * Every program is a real OmpSs program: built with `mcc --ompss` its pragmas become
 * tasks; built with plain `gcc -Wno-unknown-pragmas` they are ignored and it runs
 * sequentially, which must give the same answer (check-ompss-seq proves the checks).
 * Where the two models legitimately differ (a firstprivate copy against the plain
 * variable), the program tests IF_OMPSS(task_value, sequential_value).
 */
#ifndef OMPSS_CHECK_H
#define OMPSS_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* mcc defines _OMPSS; plain gcc does not. */
#ifdef _OMPSS
#define OMPSS_RUN 1
#else
#define OMPSS_RUN 0
#endif
#define IF_OMPSS(task_value, seq_value) (OMPSS_RUN ? (task_value) : (seq_value))

/* Fail with the condition, the place and a message; exit status 1. */
#define CHECK(cond, ...)                                                              \
    do {                                                                              \
        if (!(cond)) {                                                                \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);  \
            fprintf(stderr, __VA_ARGS__);                                             \
            fputc('\n', stderr);                                                      \
            exit(1);                                                                  \
        }                                                                             \
    } while (0)

/* Spin roughly n microseconds, so that a missing dependence shows up as a wrong result
 * instead of hiding behind a lucky interleaving. */
static inline void delay(unsigned n)
{
    for (volatile unsigned i = 0; i < n * 1500u; i++)
        ;
}

/* The delay of a designated slow writer (a few milliseconds: longer than a scheduler
 * time slice, so that on a loaded machine too its readers would run while it is still
 * writing if a dependence were missing). */
#define SLOW 5000

/* An update whose result depends on the order of application (not commutative). */
static inline unsigned step(unsigned x, unsigned k)
{
    return x * 31u + k;
}

static inline int result_ok(void)
{
    puts("result: OK");
    return 0;
}

#endif /* OMPSS_CHECK_H */
