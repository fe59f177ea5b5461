/* declare variant (OpenMP 5.0) as gcc 12 resolves it in C, checked against gcc -fopenmp:
 * each call of a base function calls the variant whose selectors the call's context meets
 * with the highest score: construct={parallel}, {for}, {parallel, for}, {target} (a target
 * region, also combined, and in a function of a declare target block), device={kind(host|
 * cpu|any|nohost|gpu|fpga), arch(x86_64), isa(sse2)}, implementation={vendor(gnu|llvm)},
 * construct={teams}, {target, teams}, {teams, parallel} (target teams, combined or not),
 * user={condition(constant)}, score(n), equal scores (the one declared last), a task in a
 * region (the region counts), a function called from a region (it does not), a call
 * through a pointer (never a variant).  mcc ignored the pragma: every call called the base
 * function.  Each line prints the functions called. */
#include <stdio.h>
#include <string.h>
#include <omp.h>

#define FN(n) const char *n(int x);                                \
    const char *n(int x) { (void)x; return #n; }
FN(par) FN(tgt) FN(pfor) FN(forv) FN(host) FN(cpu) FN(any) FN(gpu) FN(nohost) FN(fpga)
FN(gnu) FN(llvm) FN(cond) FN(first) FN(second) FN(x86) FN(sse2) FN(scored)

const char *base(int x);
#pragma omp declare variant(par) match(construct={parallel})
#pragma omp declare variant(tgt) match(construct={target})
#pragma omp declare variant(pfor) match(construct={parallel, for})
const char *base(int x) { (void)x; return "base"; }

#pragma omp declare variant(forv) match(construct={for})
#pragma omp declare variant(par) match(construct={parallel})
const char *loops(int x) { (void)x; return "loops"; }

const char *kinds(int x);
#pragma omp declare variant(host) match(device={kind(host)})
#pragma omp declare variant(gpu) match(device={kind(gpu)})
#pragma omp declare variant(nohost) match(device={kind(nohost)})
const char *kinds(int x) { (void)x; return "kinds"; }

const char *ties(int x);
#pragma omp declare variant(cpu) match(device={kind(cpu)})
#pragma omp declare variant(any) match(device={kind(any)})
const char *ties(int x) { (void)x; return "ties"; }

const char *none(int x);
#pragma omp declare variant(fpga) match(device={kind(fpga)})
#pragma omp declare variant(llvm) match(implementation={vendor(llvm)})
#pragma omp declare variant(gnu) match(implementation={vendor(gnu, llvm)})
#pragma omp declare variant(cond) match(user={condition(0)})
const char *none(int x) { (void)x; return "none"; }

enum { WIDE = sizeof(long) == 8 };
const char *vendor(int x);
#pragma omp declare variant(first) match(implementation={vendor(gnu)})
#pragma omp declare variant(second) match(implementation={vendor("gnu")})
const char *vendor(int x) { (void)x; return "vendor"; }

const char *user(int x);
#pragma omp declare variant(cond) match(user={condition(WIDE && 2 > 1)})
const char *user(int x) { (void)x; return "user"; }

const char *arch(int x);
#pragma omp declare variant(x86) match(device={arch(x86_64)})
#pragma omp declare variant(sse2) match(device={isa(sse2)})
const char *arch(int x) { (void)x; return "arch"; }

const char *score(int x);
#pragma omp declare variant(scored) match(implementation={vendor(score(10): gnu)})
#pragma omp declare variant(par) match(construct={parallel})
#pragma omp declare variant(host) match(device={kind(host)}, user={condition(score(3): 1)})
const char *score(int x) { (void)x; return "score"; }

FN(teams) FN(tteams) FN(tpar)
const char *league(int x);
#pragma omp declare variant(teams) match(construct={teams})
#pragma omp declare variant(tteams) match(construct={target, teams})
#pragma omp declare variant(tpar) match(construct={teams, parallel})
const char *league(int x) { (void)x; return "league"; }

#pragma omp declare target
static const char *on_device(void) { return base(0); }
#pragma omp end declare target

static const char *called(void) { return base(0); }

static char line[256];
static void add(const char *s)
{
    strcat(line, " ");
    strcat(line, s);
}

static void flush(const char *where)
{
    printf("%s:%s\n", where, line);
    line[0] = 0;
}

int main(void)
{
    const char *(*ptr)(int) = base;
    add(base(0)); add(loops(0)); add(kinds(0)); add(ties(0)); add(none(0));
    add(vendor(0)); add(user(0)); add(arch(0)); add(score(0)); add(ptr(0));
    flush("outside");
    #pragma omp parallel
    #pragma omp master
    {
        add(base(0)); add(loops(0)); add(kinds(0)); add(score(0)); add(called()); add(ptr(0));
        #pragma omp task
        add(base(0));
        #pragma omp taskwait
    }
    flush("parallel");
    #pragma omp parallel
    {
        #pragma omp for
        for (int i = 0; i < 1; i++) {
            add(base(0)); add(loops(0)); add(kinds(0));
        }
    }
    flush("parallel, for");
    #pragma omp parallel for
    for (int i = 0; i < 1; i++) {
        add(base(0)); add(loops(0));
    }
    flush("parallel for");
    #pragma omp for
    for (int i = 0; i < 1; i++) {
        add(base(0)); add(loops(0));
    }
    flush("for");
    #pragma omp taskloop
    for (int i = 0; i < 1; i++) {
        add(base(0)); add(loops(0));
    }
    flush("taskloop");
    #pragma omp target
    {
        add(base(0)); add(kinds(0)); add(score(0));
    }
    flush("target");
    #pragma omp target parallel
    #pragma omp master
    {
        add(base(0)); add(loops(0));
    }
    flush("target parallel");
    #pragma omp parallel
    #pragma omp master
    {
        #pragma omp target
        add(base(0));
    }
    flush("parallel, target");
    #pragma omp target teams distribute parallel for
    for (int i = 0; i < 1; i++) {
        add(base(0)); add(league(0));
    }
    flush("target teams distribute parallel for");
    #pragma omp target teams num_teams(1)
    {
        add(league(0)); add(base(0));
    }
    flush("target teams");
    #pragma omp target
    #pragma omp teams num_teams(1)
    add(league(0));
    flush("target, teams");
    #pragma omp teams num_teams(1)
    add(league(0));
    flush("teams");
    add(on_device());
    flush("declare target");
    return 0;
}
