/*
 * ending.c - an OmpSs program that does not end by returning from main, for the tests of
 * what it still leaves behind (tests/instr/ending.py): rounds of 64 'step' tasks (a
 * chain per cell of an array) until it is killed ("signal": a batch job at its time
 * limit, a user's Ctrl-C), or until a task of the third round calls exit(5) ("exit").
 * It prints "ready" once two rounds have finished.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CELLS 64
static double cell[CELLS];

#pragma omp task inout(*c) label(step)
static void step(double *c)
{
    *c += 1;
    usleep(200);
}

int main(int argc, char **argv)
{
    int leave = argc > 1 && strcmp(argv[1], "exit") == 0;
    for (long round = 0;; round++) {
        for (int i = 0; i < CELLS; i++)
            step(&cell[i]);
        #pragma omp taskwait
        if (round == 1) {
            printf("ready\n");
            fflush(stdout);
        }
        if (leave && round == 2) {
            #pragma omp task label(leaver)
            {
                fprintf(stderr, "leaving with exit(5) from inside a task\n");
                exit(5);
            }
            #pragma omp taskwait
        }
        if (round > 100000)
            break;
    }
    return 0;
}
