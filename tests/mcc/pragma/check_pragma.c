/*
 * check_pragma.c - unit suite of the OmpSs pragma parser (mcc/pragma*.c).
 *
 * Structure tests parse pragma strings and compare omp_dump_directive()'s S-expression (see
 * mcc/pragma_dump.c) or individual fields.  The golden diagnostics of diagnostics.txt (path
 * in argv[1]) run as one loop test per case: each writes the case's source to t.c in a
 * fresh directory, parses the pragma text with a loc in that file and compares what the
 * diagnostics printed.
 */
#include "mcc.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const struct mcc_loc nowhere = { "no-such-dir/t.c", 1, 1 };

static struct omp_directive *parse(const char *text)
{
    return omp_parse_pragma(text, strlen(text), nowhere);
}

/* The dump of a pragma that must parse without errors (the caller frees the string). */
static char *dump_ok(const char *text)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    struct omp_directive *d = parse(text);
    ck_assert_msg(d->nerrors == 0, "'%s' reported %d errors", text, d->nerrors);
    omp_dump_directive(out, d);
    fclose(out);
    omp_directive_free(d);
    return buf;
}

#define ck_dump(text, expected) do { \
        char *got_ = dump_ok(text); \
        ck_assert_msg(!strcmp(got_, expected), "%s\n  got:      %s\n  expected: %s", text, got_, \
                      expected); \
        free(got_); \
    } while (0)

/* The number of errors a pragma reports. */
static int errors_of(const char *text)
{
    struct omp_directive *d = parse(text);
    int n = d->nerrors;
    omp_directive_free(d);
    return n;
}

/* Each pragma of the NULL-terminated list must report exactly one error. */
static void ck_one_error_each(const char *const *texts)
{
    for (; *texts; texts++) {
        int n = errors_of(*texts);
        ck_assert_msg(n == 1, "'%s' reported %d errors instead of 1", *texts, n);
    }
}
#define ck_one_error(...) ck_one_error_each((const char *const[]){ __VA_ARGS__, NULL })

static void quiet_diags(void) { mcc_diag_reset(true); }

/* ---- directives ---------------------------------------------------------------------- */

START_TEST(directive_kinds_recognised)
{
    /* Every listed directive word gives its kind, with or without the #pragma prefix. */
    static const struct { const char *text; enum omp_directive_kind kind; } cases[] = {
        { "#pragma omp task", OMP_DIR_TASK }, { "#pragma omp target", OMP_DIR_TARGET },
        { "#pragma omp taskwait", OMP_DIR_TASKWAIT }, { "omp critical", OMP_DIR_CRITICAL },
        { "#pragma omp atomic", OMP_DIR_ATOMIC }, { "pragma omp taskyield", OMP_DIR_TASKYIELD },
        { "#pragma omp taskloop", OMP_DIR_TASKLOOP }, { "#pragma omp for", OMP_DIR_FOR },
        { "#pragma omp parallel", OMP_DIR_PARALLEL }, { "# pragma omp barrier", OMP_DIR_BARRIER },
        { "#pragma omp declare reduction(a:int:omp_out+=omp_in)", OMP_DIR_DECLARE_REDUCTION },
        { "#pragma omp teams", OMP_DIR_UNKNOWN }, { "task", OMP_DIR_TASK },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct omp_directive *d = parse(cases[i].text);
        ck_assert_msg(d->kind == cases[i].kind, "%s: kind %s", cases[i].text,
                      omp_directive_names[d->kind]);
        ck_assert_int_eq(d->nerrors, 0);
        omp_directive_free(d);
    }
}
END_TEST

START_TEST(directive_names_table_matches_enum)
{
    /* The X-macro name tables line up with their enums. */
    ck_assert_str_eq(omp_directive_names[OMP_DIR_TASKWAIT], "taskwait");
    ck_assert_str_eq(omp_directive_names[OMP_DIR_DECLARE_REDUCTION], "declare reduction");
    ck_assert_str_eq(omp_clause_names[OMP_CL_NO_COPY_DEPS], "no_copy_deps");
    ck_assert_str_eq(omp_clause_names[OMP_CL_SEQ_CST], "seq_cst");
    ck_assert_str_eq(omp_reduction_op_names[OMP_RED_OR], "||");
    ck_assert_str_eq(omp_device_names[OMP_DEVICE_CUDA], "cuda");
    ck_assert_str_eq(omp_schedule_names[OMP_SCHED_GUIDED], "guided");
    ck_assert_str_eq(omp_dep_names[OMP_DEP_COMMUTATIVE], "commutative");
    ck_assert_str_eq(omp_ref_kind_names[OMP_REF_MULTI], "multi");
}
END_TEST

START_TEST(critical_named_and_unnamed)
{
    /* critical takes an optional (name), kept in d->name. */
    ck_dump("#pragma omp critical", "critical");
    ck_dump("#pragma omp critical(io_lock)", "critical(io_lock)");
    struct omp_directive *d = parse("#pragma omp critical (io_lock)");
    ck_assert_str_eq(d->name.text, "io_lock");
    omp_directive_free(d);
    ck_one_error("#pragma omp critical(1)");
}
END_TEST

START_TEST(declare_reduction_parts)
{
    /* declare reduction keeps the id, each type, the combiner and the initializer. */
    ck_dump("#pragma omp declare reduction(merge : int, long long : omp_out = omp_out + omp_in) "
            "initializer(omp_priv = 0)",
            "declare reduction(<merge> : <int> <long long> : <omp_out = omp_out + omp_in>) "
            "initializer(<omp_priv = 0>)");
    ck_dump("#pragma omp declare reduction(+ : struct v : add(&omp_out, &omp_in))",
            "declare reduction(<+> : <struct v> : <add(&omp_out, &omp_in)>)");
    struct omp_directive *d = parse("#pragma omp declare reduction(m:int:omp_out=f(omp_in?1:2))");
    ck_assert_int_eq(d->nerrors, 0);
    ck_assert_int_eq(d->reduction->ntypes, 1);
    ck_assert_str_eq(d->reduction->combiner.text, "omp_out=f(omp_in?1:2)");
    ck_assert_ptr_null(d->reduction->initializer.text);
    omp_directive_free(d);
    ck_one_error("#pragma omp declare reduction(m:int)", "#pragma omp declare reduction(m::x)",
                 "#pragma omp declare reduction(m:int:x) initializer()",
                 "#pragma omp declare reduction(m:int:x) initializer(y) z",
                 "#pragma omp declare reduction(m:int:x) init(y)",
                 "#pragma omp declare reduction(a b:int:x)");
}
END_TEST

START_TEST(parallel_and_unknown_keep_their_text)
{
    /* Combined constructs become the inner construct with the parallel flag (clauses of
     * both allowed); master/masked taskloop and simd add nothing; unknown directives are
     * not parsed further, their text is kept. */
    ck_dump("#pragma omp parallel for private(i) num_threads(4)",
            "parallel for private(i) num_threads(<4>)");
    ck_dump("#pragma omp parallel sections lastprivate(x)", "parallel sections lastprivate(x)");
    ck_dump("#pragma omp parallel master taskloop simd grainsize(2)",
            "parallel taskloop grainsize(<2>)");
    ck_dump("#pragma omp for simd collapse(2)", "for collapse(<2>)");
    ck_dump("#pragma omp parallel shared(a) reduction(+: s)", "parallel shared(a) reduction(+:s)");
    ck_dump("#pragma omp threadprivate(x, y)", "threadprivate (list)(x, y)");
    ck_one_error("#pragma omp single num_threads(2)", "#pragma omp for num_threads(2)",
                 "#pragma omp threadprivate", "#pragma omp threadprivate(x) y",
                 "#pragma omp ordered depend(in: i)", "#pragma omp ordered bogus",
                 "#pragma omp cancel", "#pragma omp cancellation point loop");
    ck_dump("#pragma omp cancel taskgroup if(x)", "cancel if(<x>)");
    ck_dump("#pragma omp ordered threads", "ordered");
    ck_dump("#pragma omp ordered depend(sink: i - 1, j) depend(source)", "ordered");
    ck_dump("#pragma omp tile sizes(4)", "unknown tile ...<sizes(4)>");
    struct omp_directive *d = parse("#pragma omp teams");
    ck_assert_int_eq(d->kind, OMP_DIR_UNKNOWN);
    ck_assert_str_eq(d->name.text, "teams");
    ck_assert_ptr_null(d->rest.text);
    ck_assert(d->host);         /* a device construct: runs as written, no warning */
    omp_directive_free(d);
    /* device constructs combined with host ones: the host construct, their clauses gone */
    ck_dump("#pragma omp target teams distribute parallel for map(to: a[0:n]) "
            "reduction(+: s) num_teams(4)", "parallel for reduction(+:s)");
    ck_dump("#pragma omp target parallel for simd device(0) nowait", "parallel for");
    ck_dump("#pragma omp teams loop", "for");
    ck_dump("#pragma omp target parallel for if(target: n > 1) if(parallel: n > 2)",
            "parallel for if(<n > 2>)");
    d = parse("#pragma omp target data map(tofrom: x)");
    ck_assert_int_eq(d->kind, OMP_DIR_UNKNOWN);
    ck_assert(d->host);
    omp_directive_free(d);
    d = parse("#pragma omp end declare target");
    ck_assert(d->host);
    omp_directive_free(d);
    d = parse("#pragma omp requires atomic_default_mem_order(seq_cst)");
    ck_assert(d->host);
    ck_assert_ptr_null(d->host_wait);
    omp_directive_free(d);
    /* a host target's dependences: the taskwait it waits as */
    d = parse("#pragma omp target map(to: a[0:n]) depend(in: a[0]) nowait depend(out: b)");
    ck_assert(d->host);
    ck_assert_str_eq(d->host_wait, "taskwait depend(in: a[0]) depend(out: b)");
    omp_directive_free(d);
    d = parse("#pragma omp target parallel for depend(in: x) nowait map(to: x)");
    ck_assert_int_eq(d->kind, OMP_DIR_FOR);
    ck_assert_int_eq(d->nclauses, 0);
    ck_assert_str_eq(d->host_wait, "taskwait depend(in: x)");
    omp_directive_free(d);
    d = parse("#pragma omp target device(smp) copy_deps");      /* OmpSs's */
    ck_assert_int_eq(d->kind, OMP_DIR_TARGET);
    omp_directive_free(d);
}
END_TEST

/* ---- clauses ------------------------------------------------------------------------- */

START_TEST(clause_dependence_directions)
{
    /* Every dependence clause records its direction (aliases and on included). */
    static const struct { const char *text; enum omp_clause_kind kind; enum omp_dep dep; } cases[] = {
        { "task in(a)", OMP_CL_IN, OMP_DEP_IN }, { "task input(a)", OMP_CL_INPUT, OMP_DEP_IN },
        { "task out(a)", OMP_CL_OUT, OMP_DEP_OUT }, { "task output(a)", OMP_CL_OUTPUT, OMP_DEP_OUT },
        { "task inout(a)", OMP_CL_INOUT, OMP_DEP_INOUT },
        { "task concurrent(a)", OMP_CL_CONCURRENT, OMP_DEP_CONCURRENT },
        { "task commutative(a)", OMP_CL_COMMUTATIVE, OMP_DEP_COMMUTATIVE },
        { "task depend(in: a)", OMP_CL_DEPEND, OMP_DEP_IN },
        { "task depend(out: a)", OMP_CL_DEPEND, OMP_DEP_OUT },
        { "task depend(inout: a)", OMP_CL_DEPEND, OMP_DEP_INOUT },
        { "taskwait on(a)", OMP_CL_ON, OMP_DEP_INOUT }, { "taskwait in(a)", OMP_CL_IN, OMP_DEP_IN },
        { "task copy_in(a)", OMP_CL_COPY_IN, OMP_DEP_NONE },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct omp_directive *d = parse(cases[i].text);
        ck_assert_msg(d->nerrors == 0 && d->nclauses == 1, "%s", cases[i].text);
        ck_assert_int_eq(d->clauses[0].kind, cases[i].kind);
        ck_assert_msg(d->clauses[0].dep == cases[i].dep, "%s: dep %s", cases[i].text,
                      omp_dep_names[d->clauses[0].dep]);
        ck_assert_int_eq(d->clauses[0].nrefs, 1);
        omp_directive_free(d);
    }
}
END_TEST

START_TEST(clause_lists_commas_and_order)
{
    /* Clauses keep their order, may be separated by commas, and lists keep every item. */
    ck_dump("#pragma omp task in(a, b, c), out(d) inout(e)", "task in(a, b, c) out(d) inout(e)");
    ck_dump("#pragma omp task in(a) in(b)", "task in(a) in(b)");
    struct omp_directive *d = parse("#pragma omp task out(x) in(a, b) untied");
    ck_assert_int_eq(d->nclauses, 3);
    ck_assert_ptr_eq(omp_find_clause(d, OMP_CL_IN), &d->clauses[1]);
    ck_assert_ptr_null(omp_find_clause(d, OMP_CL_TIED));
    ck_assert_str_eq(d->clauses[1].text.text, "in(a, b)");
    omp_directive_free(d);
}
END_TEST

START_TEST(reduction_operators)
{
    /* reduction accepts every built-in operator and user identifiers. */
    static const char *const ops[] = { "+", "-", "*", "&", "|", "^", "&&", "||", "min", "max" };
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        char text[64];
        snprintf(text, sizeof text, "task reduction(%s : x)", ops[i]);
        struct omp_directive *d = parse(text);
        ck_assert_msg(d->nerrors == 0, "%s", text);
        ck_assert_int_eq(d->clauses[0].red_op, (int)i);
        ck_assert_str_eq(d->clauses[0].red_id.text, ops[i]);
        omp_directive_free(d);
    }
    ck_dump("task reduction(merge: s) reduction(+: [n]v)",
            "task reduction(merge:s) reduction(+:(shape [<n>] v))");
    ck_one_error("task reduction(x)", "task reduction(+ + : x)", "task reduction(% : x)");
}
END_TEST

START_TEST(expression_clauses_kept_verbatim)
{
    /* priority/if/final/shmem/grainsize/num_tasks keep the exact balanced expression text. */
    ck_dump("task priority(n*(m+1)) if(strcmp(s, \")\") == 0) final(d > 3 ? 1 : 0) shmem(sizeof(int[4]))",
            "task priority(<n*(m+1)>) if(<strcmp(s, \")\") == 0>) final(<d > 3 ? 1 : 0>) "
            "shmem(<sizeof(int[4])>)");
    ck_dump("taskloop grainsize(BS) nogroup", "taskloop grainsize(<BS>) nogroup");
    ck_dump("taskloop num_tasks(c == ']')", "taskloop num_tasks(<c == ']'>)");
    ck_one_error("task priority()", "task if(a", "task if(a]");
}
END_TEST

START_TEST(label_name_or_string)
{
    /* label takes a name or a string (stored unquoted, quoted flag set). */
    struct omp_directive *d = parse("task label(\"my task\")");
    ck_assert_int_eq(d->nerrors, 0);
    ck_assert_str_eq(d->clauses[0].args[0].text, "my task");
    ck_assert(d->clauses[0].label_quoted);
    omp_directive_free(d);
    ck_dump("task label(\"a b\") untied", "task label(\"a b\") untied");
    d = parse("task label(gemm)");
    ck_assert_str_eq(d->clauses[0].args[0].text, "gemm");
    ck_assert(!d->clauses[0].label_quoted);
    omp_directive_free(d);
    ck_one_error("task label(a b)", "task label(1)");
}
END_TEST

START_TEST(data_sharing_and_default)
{
    /* shared/private/firstprivate take names; default takes none, shared, firstprivate or
       private (OpenMP 5.1). */
    ck_dump("task shared(a, b) private(c) firstprivate(d) default(none)",
            "task shared(a, b) private(c) firstprivate(d) default(none)");
    ck_dump("task default(shared)", "task default(shared)");
    ck_dump("task default(firstprivate)", "task default(firstprivate)");
    ck_dump("task default(private)", "task default(private)");
    /* firstprivate(saved: list) (OpenMP 6.0): the modifier, then the names */
    ck_dump("task firstprivate(saved: t, k)", "task firstprivate(t, k)");
    ck_dump("task firstprivate(saved)", "task firstprivate(saved)");
    ck_one_error("task default(copy)", "task shared(a[1])", "task private(*p)");
}
END_TEST

START_TEST(device_lists)
{
    /* device keeps a bit per listed device. */
    struct omp_directive *d = parse("target device(smp, cuda)");
    ck_assert_int_eq(d->nerrors, 0);
    ck_assert_uint_eq(d->clauses[0].devices, (1u << OMP_DEVICE_SMP) | (1u << OMP_DEVICE_CUDA));
    omp_directive_free(d);
    ck_dump("task device(opencl)", "task device(opencl)");
    /* the seed's device(undefined): a task with implementations only */
    d = parse("target device(undefined)");
    ck_assert_int_eq(d->nerrors, 0);
    ck_assert_uint_eq(d->clauses[0].devices, 1u << OMP_DEVICE_UNDEFINED);
    omp_directive_free(d);
    ck_one_error("target device(fpga)", "target device()", "target device(smp,)");
}
END_TEST

START_TEST(target_clauses)
{
    /* copy_*, copy_deps, implements, name, shmem parse on target and on task. */
    ck_dump("target device(cuda) copy_in(a[0;n]) copy_out([n]b) copy_inout(c) copy_deps "
            "implements(scale) name(scale_kernel) shmem(64)",
            "target device(cuda) copy_in((sect;len a <0> <n>)) copy_out((shape [<n>] b)) "
            "copy_inout(c) copy_deps implements(<scale>) name(<scale_kernel>) shmem(<64>)");
    ck_dump("task no_copy_deps device(smp)", "task no_copy_deps device(smp)");
    /* calls(args): the kernel's arguments, expressions of the task's parameters */
    ck_dump("target device(cuda) implements(f) calls(n, 2 * a, x + off, (float)b)",
            "target device(cuda) implements(<f>) calls(<n>, <2 * a>, <x + off>, <(float)b>)");
    ck_one_error("target implements(a.b)", "target copy_deps no_copy_deps", "target calls()",
                 "target calls(a, )");
}
END_TEST

START_TEST(ndrange_argument_counts)
{
    /* ndrange: n in 1..3, then n global sizes and optionally n local sizes. */
    ck_dump("target ndrange(1, n, 64)", "target ndrange(<1>, <n>, <64>)");
    ck_dump("target ndrange(1, n)", "target ndrange(<1>, <n>)");
    ck_dump("target ndrange(2, rows, cols, 16, 16)",
            "target ndrange(<2>, <rows>, <cols>, <16>, <16>)");
    ck_dump("target ndrange(3, f(a, b), y, z)", "target ndrange(<3>, <f(a, b)>, <y>, <z>)");
    struct omp_directive *d = parse("target ndrange(2, x, y, 8, 8)");
    ck_assert_int_eq(d->clauses[0].ndrange_dims, 2);
    ck_assert_int_eq(d->clauses[0].nargs, 5);
    ck_assert(!d->clauses[0].ndrange_nocheck);
    omp_directive_free(d);
    /* noCheckDim last: the sizes are used as given (not an argument) */
    d = parse("target ndrange(2, x, y, 8, 8, noCheckDim)");
    ck_assert_int_eq(d->nerrors, 0);
    ck_assert_int_eq(d->clauses[0].nargs, 5);
    ck_assert(d->clauses[0].ndrange_nocheck);
    omp_directive_free(d);
    ck_dump("target ndrange(1, n, 64, noCheckDim)", "target ndrange(<1>, <n>, <64>, noCheckDim)");
    ck_one_error("target ndrange(2, x, y, 8)",
                 "target ndrange(1)",
                 "target ndrange(n, x)",
                 "target ndrange(0)",
                 "target ndrange(4, a, b, c, d)",
                 "target ndrange(1, , 4)",
                 "target ndrange(1, n, 4, 8, noCheckDim)");
}
END_TEST

START_TEST(file_clause_without_source_is_not_checked)
{
    /* file(path) keeps the path (quotes removed); without a readable source it is unchecked. */
    struct omp_directive *d = parse("target file(\"kernels/k.cl\") device(opencl)");
    ck_assert_int_eq(d->nerrors, 0);
    ck_assert_str_eq(d->clauses[0].args[0].text, "kernels/k.cl");
    ck_assert_ptr_null(d->clauses[0].file_path);
    omp_directive_free(d);
    ck_dump("target file(k.cl)", "target file(<k.cl>)");
}
END_TEST

START_TEST(taskwait_clauses)
{
    /* taskwait takes on(...), in/out/inout and noflush, not task clauses. */
    ck_dump("taskwait on(a, *p) noflush", "taskwait on(a, (* p)) noflush");
    ck_dump("taskwait inout(x) depend(in: y)", "taskwait inout(x) depend(in:y)");
    ck_one_error("taskwait concurrent(x)",
                 "taskwait commutative(x)",
                 "taskwait priority(1)",
                 "taskwait noflush(1)");
}
END_TEST

START_TEST(loop_directive_clauses)
{
    /* taskloop and for clauses; schedule kinds accept ompss_ and omp_ prefixes. */
    ck_dump("for schedule(static) nowait", "for schedule(static) nowait");
    ck_dump("for schedule(ompss_dynamic, 4)", "for schedule(dynamic,<4>)");
    ck_dump("for schedule(omp_guided,n/2) private(i)", "for schedule(guided,<n/2>) private(i)");
    ck_dump("taskloop grainsize(4) firstprivate(n) label(loop)",
            "taskloop grainsize(<4>) firstprivate(n) label(<loop>)");
    /* taskloop carries dependences: every generated task gets them (issue 4). */
    ck_dump("taskloop grainsize(100) nogroup in(s) inout(b)",
            "taskloop grainsize(<100>) nogroup in(s) inout(b)");
    ck_one_error("for schedule(weird)",
                 "for schedule(ompss_)",
                 "for in(a)",
                 "taskloop grainsize(2) num_tasks(3)");
}
END_TEST

START_TEST(atomic_and_simple_directives)
{
    /* atomic accepts its OpenMP clauses; taskyield and barrier take none. */
    ck_dump("atomic update seq_cst", "atomic update seq_cst");
    ck_dump("atomic", "atomic");
    ck_one_error("taskyield untied", "barrier nowait");
}
END_TEST

START_TEST(clause_errors_recover_per_clause)
{
    /* A bad clause is dropped and reported; the clauses around it are still parsed. */
    struct omp_directive *d = parse("task in(a) inout2(b) out(c[1;]) device(fpga) inout(d)");
    ck_assert_int_eq(d->nerrors, 3);
    ck_assert_int_eq(d->nclauses, 2);
    ck_assert_int_eq(d->clauses[0].kind, OMP_CL_IN);
    ck_assert_int_eq(d->clauses[1].kind, OMP_CL_INOUT);
    omp_directive_free(d);
    ck_one_error("task untied untied",
                 "task tied untied",
                 "task 42",
                 "task untied(1)",
                 "task in");
}
END_TEST

/* ---- data references ----------------------------------------------------------------- */

START_TEST(ref_plain_lvalues)
{
    /* Names, derefs, subscripts and member accesses build the matching tree. */
    ck_dump("task in(x, *p, **pp, a[i], s.f, p->y, a[i].x, p->q[3].r)",
            "task in(x, (* p), (* (* pp)), (sub a <i>), (. s f), (-> p y), (. (sub a <i>) x), "
            "(. (sub (-> p q) <3>) r))");
}
END_TEST

START_TEST(ref_pointer_values)
{
    /* `&x` and `p++` are pointer values, kept as expressions: `*&x`, `*p++` (gcc). */
    ck_dump("task depend(out: *&x, *p++, *(&a[i]), *&s->f, *q--)",
            "task depend(out:(* <&x>), (* <p++>), (* <(&a[i])>), (* <&s->f>), (* <q-->))");
}
END_TEST

START_TEST(ref_sections_inclusive_and_length)
{
    /* a[lo:hi] is inclusive, a[lo;len] a length; bounds of lo:hi may be omitted. */
    ck_dump("task in(a[1:n-1], b[2;n], c[:], d[lo:], e[:hi], f[;n])",
            "task in((sect:hi a <1> <n-1>), (sect;len b <2> <n>), (sect:hi c _ _), "
            "(sect:hi d <lo> _), (sect:hi e _ <hi>), (sect;len f _ <n>))");
    struct omp_directive *d = parse("task in(a[lo:hi])");
    const struct omp_ref *r = d->clauses[0].refs[0];
    ck_assert_int_eq(r->kind, OMP_REF_SECTION);
    ck_assert_int_eq(r->form, OMP_SECT_LO_HI);
    ck_assert_str_eq(r->index.text, "lo");
    ck_assert_str_eq(r->bound.text, "hi");
    ck_assert_str_eq(r->text.text, "a[lo:hi]");
    omp_directive_free(d);
}
END_TEST

START_TEST(ref_sections_multi_dimensional)
{
    /* Sections and subscripts combine across dimensions, outermost first in the tree. */
    ck_dump("task inout(m[i][0;BS], a[i][0;TS][0;TS])",
            "task inout((sect;len (sub m <i>) <0> <BS>), "
            "(sect;len (sect;len (sub a <i>) <0> <TS>) <0> <TS>))");
}
END_TEST

START_TEST(ref_depend_sections_are_openmp_lengths)
{
    /* Inside depend(...) a[lb:len] is OpenMP's (lower bound, length); ';' keeps OmpSs form. */
    ck_dump("task depend(in: a[0:n], b[2;3]) in(c[0:n])",
            "task depend(in:(sect:len a <0> <n>), (sect;len b <2> <3>)) in((sect:hi c <0> <n>))");
    struct omp_directive *d = parse("task depend(out: v[k:])");
    ck_assert_int_eq(d->clauses[0].refs[0]->form, OMP_SECT_OMP_LEN);
    ck_assert_ptr_null(d->clauses[0].refs[0]->bound.text);
    omp_directive_free(d);
    ck_one_error("task depend(sink: a)", "task depend(in a)");
}
END_TEST

START_TEST(ref_shaping_binds_like_cast)
{
    /* [n][m]p views p as an array; like a cast it applies to the whole postfix expression. */
    ck_dump("task in([N]a, [ts][ts]A, [n]p[i], ([10]a)[3:4], [n]*pp)",
            "task in((shape [<N>] a), (shape [<ts>][<ts>] A), (shape [<n>] (sub p <i>)), "
            "(sect:hi (shape [<10>] a) <3> <4>), (shape [<n>] (* pp)))");
    struct omp_directive *d = parse("task in([rows*2][cols]m)");
    const struct omp_ref *r = d->clauses[0].refs[0];
    ck_assert_int_eq(r->ndims, 2);
    ck_assert_str_eq(r->dims[0].text, "rows*2");
    ck_assert_str_eq(r->dims[1].text, "cols");
    ck_assert_int_eq(r->base->kind, OMP_REF_NAME);
    omp_directive_free(d);
    ck_one_error("task in([]p)", "task in([n])");
}
END_TEST

START_TEST(ref_multidependences)
{
    /* {expr, i = lo:hi}, {expr, i = lo;len}, several iterators and nested braces. */
    ck_dump("task in({a[i], i = 0:n-1}, {b[j], j = 0;n}, {m[i][j], i = 0:3, j = i;2})",
            "task in((multi (sub a <i>) i=<0>:<n-1>), (multi (sub b <j>) j=<0>;<n>), "
            "(multi (sub (sub m <i>) <j>) i=<0>:<3> j=<i>;<2>))");
    ck_dump("task in({a[i], i = 0:n-1:2}, {b[k], k = 1;n:s})",
            "task in((multi (sub a <i>) i=<0>:<n-1>:<2>), (multi (sub b <k>) k=<1>;<n>:<s>))");
    ck_dump("task out({{c[i][j], j = 0:3}, i = 0:3})",
            "task out((multi (multi (sub (sub c <i>) <j>) j=<0>:<3>) i=<0>:<3>))");
    struct omp_directive *d = parse("task in({a[i][0;bs], i = lo;len})");
    const struct omp_ref *r = d->clauses[0].refs[0];
    ck_assert_int_eq(r->niters, 1);
    ck_assert_str_eq(r->iters[0].var.text, "i");
    ck_assert_int_eq(r->iters[0].form, OMP_SECT_LO_LEN);
    ck_assert_int_eq(r->base->kind, OMP_REF_SECTION);
    omp_directive_free(d);
    ck_one_error("task in({a[i]})",
                 "task in({a[i], i = 0})",
                 "task in({a[i], i = 0:n)",
                 "task in({a[i], 3 = 0:n})");
}
END_TEST

START_TEST(ref_parentheses_calls_and_casts)
{
    /* Parenthesised references are seen through; other expressions are kept as text. */
    ck_dump("task in((a)[3], (p+1)[0;2], f(x)[3], ((char *)q)[0:n-1], *(int *)r, *(p+i), (*p).x)",
            "task in((sub a <3>), (sect;len <(p+1)> <0> <2>), (sub <f(x)> <3>), "
            "(sect:hi <((char *)q)> <0> <n-1>), (* <(int *)r>), (* <(p+i)>), (. (* p) x))");
    struct omp_directive *d = parse("task in((a)[3])");
    ck_assert_str_eq(d->clauses[0].refs[0]->text.text, "(a)[3]");
    omp_directive_free(d);
    ck_one_error("task in((char *)a[0:3])");
    /* A group that reads as a reference is still a cast when an operand follows it: a
     * typedef name, typeof(...) (which looks like a call), or (fp)(x), a call. */
    ck_dump("task inout(*(dptr)v, *(typeof(q))v, ((dptr)v)[1], *(fp)(x))",
            "task inout((* <(dptr)v>), (* <(typeof(q))v>), (sub <((dptr)v)> <1>), "
            "(* <(fp)(x)>))");
    ck_one_error("task in((dptr)v[0:3])", "task in((dptr)[n]v)");
}
END_TEST

START_TEST(ref_balanced_index_expressions)
{
    /* Index expressions keep nested brackets, calls, ?: and literals that contain brackets. */
    ck_dump("task in(a[b[i]], a[f(x, y)], a[c ? 1 : 2], a[s[']']], a[idx(\"[\")], a[(i+1)*2:n])",
            "task in((sub a <b[i]>), (sub a <f(x, y)>), (sub a <c ? 1 : 2>), (sub a <s[']']>), "
            "(sub a <idx(\"[\")>), (sect:hi a <(i+1)*2> <n>))");
    ck_dump("task in(a[c ? lo : hi : n])", "task in((sect:hi a <c ? lo : hi> <n>))");
    /* gcc -E spells extended characters of identifiers as UCNs; a bad one is no name. */
    ck_dump("task inout(gr\\U000000f6\\U000000dfe[\\u00f1], \\u00f1)",
            "task inout((sub gr\\U000000f6\\U000000dfe <\\u00f1>), \\u00f1)");
    ck_one_error("task inout(gr\\U00f6e)", "task inout(\\u00g1)");
}
END_TEST

START_TEST(ref_malformed)
{
    /* Unbalanced brackets, empty subscripts and missing pieces are errors. */
    ck_one_error("task in(a[)", "task in(a[1)", "task in(a[])", "task in(a[1;])", "task in(a[1:2)",
                 "task in()", "task in(a,)", "task in(a b)", "task in(3)", "task in(+x)",
                 "task in(*&a[0:2])",
                 "task in(s.)", "task in(p->3)", "task in((a)", "task in(a[(1])", "task in(a[1]]",
                 "task in(a[0:n:2])", "task in(a[0;n:2])", "task in({a[i], i = 0:n:})");
}
END_TEST

START_TEST(ref_subexpression_offsets)
{
    /* Each piece records its byte offset in the pragma text and a matching fallback column. */
    const char *text = "#pragma omp task in(abc[i+1:hi])";
    struct omp_directive *d = omp_parse_pragma(text, strlen(text), (struct mcc_loc){ "no/t.c", 7, 3 });
    const struct omp_ref *r = d->clauses[0].refs[0];
    ck_assert_uint_eq(r->text.off, 20);
    ck_assert_uint_eq(r->base->text.off, 20);
    ck_assert_uint_eq(r->index.off, 24);
    ck_assert_uint_eq(r->bound.off, 28);
    ck_assert_int_eq(r->index.loc.line, 7);
    ck_assert_int_eq(r->index.loc.col, 3 + 24);
    ck_assert_int_eq(d->clauses[0].loc.col, 3 + 17);
    omp_directive_free(d);
}
END_TEST

START_TEST(loc_fallback_for_text_without_prefix)
{
    /* Without the source, text starting at "pragma", "omp" or the directive is placed as if
     * "#pragma omp " preceded it. */
    static const char *const texts[] = {
        "#pragma omp task inout(a)", "pragma omp task inout(a)", "omp task inout(a)",
        "task inout(a)", "#pragma   omp task inout(a)",
    };
    static const int cols[] = { 18, 18, 18, 18, 20 };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        struct omp_directive *d = omp_parse_pragma(texts[i], strlen(texts[i]), nowhere);
        ck_assert_msg(d->clauses[0].loc.col == cols[i], "%s: column %d", texts[i],
                      d->clauses[0].loc.col);
        ck_assert_int_eq(d->clauses[0].refs[0]->text.loc.col, cols[i] + 6);
        omp_directive_free(d);
    }
}
END_TEST

START_TEST(text_need_not_be_terminated)
{
    /* Only len bytes of the text are read. */
    const char *text = "#pragma omp task in(a) GARBAGE(";
    struct omp_directive *d = omp_parse_pragma(text, strlen("#pragma omp task in(a)"), nowhere);
    ck_assert_int_eq(d->nerrors, 0);
    ck_assert_int_eq(d->nclauses, 1);
    omp_directive_free(d);
}
END_TEST

START_TEST(ref_root_and_region_helpers)
{
    /* omp_ref_root finds the innermost base; omp_ref_is_region spots sections, shapes, multis. */
    static const struct { const char *ref, *root; bool region; } cases[] = {
        { "x", "x", false }, { "p->q[3].r", "p", false }, { "*(p+i)", "(p+i)", false },
        { "a[i][0;n]", "a", true }, { "[n]p", "p", true }, { "{b[i], i = 0:3}", "b", true },
        { "((char *)q)[1]", "((char *)q)", false },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[128];
        snprintf(text, sizeof text, "task in(%s)", cases[i].ref);
        struct omp_directive *d = parse(text);
        ck_assert_msg(d->nerrors == 0, "%s", text);
        ck_assert_str_eq(omp_ref_root(d->clauses[0].refs[0])->text.text, cases[i].root);
        ck_assert_msg(omp_ref_is_region(d->clauses[0].refs[0]) == cases[i].region, "%s", text);
        omp_directive_free(d);
    }
}
END_TEST

START_TEST(every_prefix_parses_safely)
{
    /* Every truncation of valid pragmas parses without crashing and yields a directive. */
    static const char *const texts[] = {
        ("#pragma omp task in({m[i][j;2], i = 0:n, j = i;2}) depend(out: ([N]a)[0:n]) "
         "reduction(max: [n]v) if(c ? f(a, \"]\") : 0) label(\"t\") device(smp, cuda)"),
        "#pragma omp target device(opencl) ndrange(2, n, m, 16, 16) file(k.cl) copy_in(*p)",
        "#pragma omp declare reduction(m : int, long : omp_out += omp_in) initializer(omp_priv = 0)",
        "#pragma omp for schedule(ompss_dynamic, n/2) nowait",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        for (size_t len = 0; len <= strlen(texts[i]); len++) {
            struct omp_directive *d = omp_parse_pragma(texts[i], len, nowhere);
            ck_assert_ptr_nonnull(d);
            ck_assert_int_lt(d->kind, OMP_DIR_COUNT);
            ck_assert_int_ge(d->nerrors, 0);
            omp_directive_free(d);
        }
}
END_TEST

START_TEST(loc_source_cache_sees_file_changes)
{
    /* Columns come from the file as it is now, even when the same file was read before. */
    char dir[] = "/tmp/check_pragma.XXXXXX", path[64];
    const char *text = "#pragma omp task in(a) out(b)";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/t.c", dir);
    FILE *f = fopen(path, "w");
    fputs("int a, b;\n#pragma omp task in(a)  out(b)\n", f);
    fclose(f);
    struct omp_directive *d = omp_parse_pragma(text, strlen(text), (struct mcc_loc){ path, 2, 1 });
    ck_assert_int_eq(d->clauses[1].loc.col, 25);
    omp_directive_free(d);
    f = fopen(path, "w");
    fputs("int a, b;\n#pragma omp task in(a)      out(b)\n", f);
    fclose(f);
    d = omp_parse_pragma(text, strlen(text), (struct mcc_loc){ path, 2, 1 });
    ck_assert_int_eq(d->clauses[1].loc.col, 29);
    omp_directive_free(d);
    omp_source_cache_free();
    unlink(path);
    rmdir(dir);
}
END_TEST

/* ---- golden diagnostics -------------------------------------------------------------- */

/* One case of diagnostics.txt. */
struct golden {
    char *name;
    char *source;      /* the lines of t.c */
    char *text;        /* the pragma text handed to the parser (NULL: derived from source) */
    char *expect;      /* the expected diagnostic lines, each ending in '\n' */
    char *create;      /* a file to create next to t.c, or NULL */
    bool no_source;    /* do not write t.c: columns fall back to offsets */
};
static struct golden *goldens;
static int ngoldens;

static char *append(char *s, const char *line)
{
    size_t n = s ? strlen(s) : 0;
    s = realloc(s, n + strlen(line) + 2);
    strcpy(s + n, line);
    strcat(s + n, "\n");
    return s;
}

static void load_goldens(const char *path)
{
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    if (!f) {
        perror(path);
        exit(1);
    }
    while ((n = getline(&line, &cap, f)) >= 0) {
        struct golden *g = ngoldens ? &goldens[ngoldens - 1] : NULL;
        if (n > 0 && line[n - 1] == '\n')
            line[--n] = '\0';
        if (!strncmp(line, "case ", 5)) {
            goldens = realloc(goldens, (size_t)++ngoldens * sizeof *goldens);
            goldens[ngoldens - 1] = (struct golden){ .name = strdup(line + 5) };
        } else if (g && (!strncmp(line, "source ", 7) || !strcmp(line, "source"))) {
            g->source = append(g->source, line + (n > 6 ? 7 : 6));
        } else if (g && !strncmp(line, "text ", 5)) {
            g->text = strdup(line + 5);
        } else if (g && !strncmp(line, "expect ", 7)) {
            g->expect = append(g->expect, line + 7);
        } else if (g && !strncmp(line, "create ", 7)) {
            g->create = strdup(line + 7);
        } else if (g && !strcmp(line, "nosource")) {
            g->no_source = true;
        } else if (n > 0 && line[0] != '#') {
            fprintf(stderr, "%s: cannot read line '%s'\n", path, line);
            exit(1);
        }
    }
    free(line);
    fclose(f);
}

/* What the preprocessor would hand over: continuations joined, blanks squeezed. */
static const char *find_pragma_line(const char *source)
{
    for (const char *line = source; *line; line = strchr(line, '\n') + 1) {
        const char *s = line + strspn(line, " \t");
        if (*s == '#' && !strncmp(s + 1 + strspn(s + 1, " \t"), "pragma", 6))
            return s;
        if (!strchr(line, '\n'))
            break;
    }
    return source;
}

static char *normalise(const char *source, int *pragma_line, int *pragma_col)
{
    const char *hash = find_pragma_line(source);
    char *out = malloc(strlen(source) + 1), *o = out;
    *pragma_line = 1;
    for (const char *s = source; s < hash; s++)
        *pragma_line += *s == '\n';
    *pragma_col = 1;
    for (const char *s = hash; s > source && s[-1] != '\n'; s--)
        ++*pragma_col;
    for (const char *s = hash; *s && *s != '\n'; s++) {
        if (*s == '\\' && s[1] == '\n') {
            s++;
            continue;
        }
        if ((*s == ' ' || *s == '\t') && o > out && o[-1] == ' ')
            continue;
        *o++ = *s == '\t' ? ' ' : *s;
    }
    *o = '\0';
    return out;
}

static void write_file(const char *path, const char *contents)
{
    FILE *f = fopen(path, "w");
    ck_assert_msg(f != NULL, "cannot create %s", path);
    fputs(contents, f);
    fclose(f);
}

/* Parse with stderr captured; returns the diagnostic lines that start with `prefix`, with
 * `prefix` taken off. */
static char *captured_diagnostics(const char *text, struct mcc_loc loc, const char *prefix)
{
    FILE *cap = tmpfile();
    int saved = dup(2);
    char *line = NULL, *got = strdup("");
    size_t size = 0;
    fflush(stderr);
    dup2(fileno(cap), 2);
    mcc_diag_reset(false);
    omp_directive_free(omp_parse_pragma(text, strlen(text), loc));
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(cap);
    while (getline(&line, &size, cap) >= 0)
        if (!strncmp(line, prefix, strlen(prefix))) {
            line[strcspn(line, "\n")] = '\0';
            got = append(got, line + strlen(prefix));
        }
    free(line);
    fclose(cap);
    return got;
}

START_TEST(golden_diagnostics)
{
    /* The case's pragma reports exactly the expected diagnostics, at the expected places. */
    const struct golden *g = &goldens[_i];
    char dir[] = "/tmp/check_pragma.XXXXXX", path[256], prefix[300], extra[512] = "";
    int line, col;
    ck_assert_msg(g->source != NULL, "case %s has no source line", g->name);
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char *text = normalise(g->source, &line, &col);
    snprintf(path, sizeof path, "%s/t.c", dir);
    snprintf(prefix, sizeof prefix, "%s/", dir);
    if (!g->no_source)
        write_file(path, g->source);
    if (g->create) {
        snprintf(extra, sizeof extra, "%s/%s", dir, g->create);
        write_file(extra, "/* created by check_pragma */\n");
    }
    char *got = captured_diagnostics(g->text ? g->text : text, (struct mcc_loc){ path, line, col },
                                     prefix);
    unlink(path);
    if (extra[0])
        unlink(extra);
    rmdir(dir);
    const char *want = g->expect ? g->expect : "";
    ck_assert_msg(!strcmp(got, want), "case %s\n--- got:\n%s--- expected:\n%s", g->name, got, want);
    free(got);
    free(text);
}
END_TEST

/* ---- suite --------------------------------------------------------------------------- */

static Suite *pragma_suite(void)
{
    Suite *s = suite_create("mcc_pragma");
    struct { const char *name; const TTest *tests[16]; } groups[] = {
        { "directives", { directive_kinds_recognised, directive_names_table_matches_enum,
                          critical_named_and_unnamed, declare_reduction_parts,
                          parallel_and_unknown_keep_their_text, text_need_not_be_terminated,
                          loc_fallback_for_text_without_prefix,
                          loc_source_cache_sees_file_changes } },
        { "clauses", { clause_dependence_directions, clause_lists_commas_and_order,
                       reduction_operators, expression_clauses_kept_verbatim,
                       label_name_or_string, data_sharing_and_default, device_lists,
                       target_clauses, ndrange_argument_counts,
                       file_clause_without_source_is_not_checked, taskwait_clauses,
                       loop_directive_clauses, atomic_and_simple_directives,
                       clause_errors_recover_per_clause } },
        { "refs", { ref_plain_lvalues, ref_sections_inclusive_and_length,
                    ref_sections_multi_dimensional, ref_depend_sections_are_openmp_lengths,
                    ref_shaping_binds_like_cast, ref_multidependences,
                    ref_parentheses_calls_and_casts, ref_balanced_index_expressions,
                    ref_malformed, ref_pointer_values, ref_subexpression_offsets,
                    ref_root_and_region_helpers,
                    every_prefix_parses_safely } },
    };
    for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++) {
        TCase *tc = tcase_create(groups[i].name);
        tcase_set_timeout(tc, 10);
        tcase_add_checked_fixture(tc, quiet_diags, NULL);
        for (int j = 0; groups[i].tests[j]; j++)
            tcase_add_test(tc, groups[i].tests[j]);
        suite_add_tcase(s, tc);
    }
    TCase *tc = tcase_create("golden");
    tcase_set_timeout(tc, 10);
    tcase_add_loop_test(tc, golden_diagnostics, 0, ngoldens);
    suite_add_tcase(s, tc);
    return s;
}

int main(int argc, char **argv)
{
    load_goldens(argc > 1 ? argv[1] : "tests/mcc/pragma/diagnostics.txt");
    SRunner *sr = srunner_create(pragma_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
