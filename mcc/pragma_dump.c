/*
 * pragma_dump.c - print parsed directives as compact S-expressions (tests and debugging).
 *
 *   a                          name          <p+1>             other expression
 *   (sub a <i>)                a[i]          (. s f) (-> p f)  members
 *   (sect:hi a <1> <3>)        a[1:3]        (sect;len a <1> <3>)   a[1;3]
 *   (sect:len a <1> _)         depend: a[1:] (* p)             *p
 *   (shape [<n>][<m>] p)       [n][m]p       (multi (sub a <i>) i=<0>:<n> j=<0>;<2>)
 */
#include "mcc.h"

#include <string.h>

static void dump_expr(FILE *out, const struct omp_expr *e)
{
    if (e->text)
        fprintf(out, "<%s>", e->text);
    else
        fputc('_', out);
}

static const char *const section_forms[] = {
    [OMP_SECT_LO_HI] = ":hi", [OMP_SECT_LO_LEN] = ";len", [OMP_SECT_OMP_LEN] = ":len",
    [OMP_SECT_LO_END] = ":end", [OMP_SECT_ELEMENT] = ":1",
};

void omp_dump_ref(FILE *out, const struct omp_ref *r)
{
    switch (r->kind) {
    case OMP_REF_NAME:
        fputs(r->text.text, out);
        return;
    case OMP_REF_EXPR:
        dump_expr(out, &r->text);
        return;
    case OMP_REF_SHAPE:
        fputs("(shape ", out);
        for (int i = 0; i < r->ndims; i++) {
            fputc('[', out);
            dump_expr(out, &r->dims[i]);
            fputc(']', out);
        }
        break;
    case OMP_REF_SECTION:
        fprintf(out, "(sect%s ", section_forms[r->form]);
        break;
    default:
        fprintf(out, "(%s ", omp_ref_kind_names[r->kind]);
        break;
    }
    if (r->kind == OMP_REF_SHAPE)
        fputc(' ', out);
    omp_dump_ref(out, r->base);
    if (r->kind == OMP_REF_SUBSCRIPT || r->kind == OMP_REF_SECTION) {
        fputc(' ', out);
        dump_expr(out, &r->index);
    }
    if (r->kind == OMP_REF_SECTION) {
        fputc(' ', out);
        dump_expr(out, &r->bound);
    }
    if (r->kind == OMP_REF_MEMBER || r->kind == OMP_REF_ARROW)
        fprintf(out, " %s", r->member.text);
    for (int i = 0; i < r->niters; i++) {
        fprintf(out, " %s=", r->iters[i].var.text);
        dump_expr(out, &r->iters[i].lo);
        fputs(r->iters[i].form == OMP_SECT_LO_HI ? ":" : r->iters[i].form == OMP_SECT_LO_END
              ? ":<" : ";", out);
        dump_expr(out, &r->iters[i].bound);
        if (r->iters[i].step.text) {
            fputc(':', out);
            dump_expr(out, &r->iters[i].step);
        }
    }
    fputc(')', out);
}

static void dump_names(FILE *out, unsigned mask, const char *const *names, int n)
{
    const char *sep = "";
    for (int i = 0; i < n; i++)
        if (mask & (1u << i)) {
            fprintf(out, "%s%s", sep, names[i]);
            sep = ",";
        }
}

/* The clause's arguments beyond its reference list. */
static void dump_clause_extra(FILE *out, const struct omp_clause *c)
{
    switch (c->kind) {
    case OMP_CL_DEPEND:
        fprintf(out, "%s:", omp_dep_names[c->dep]);
        break;
    case OMP_CL_REDUCTION:
        fprintf(out, "%s:", c->red_op == OMP_RED_USER ? c->red_id.text
                                                       : omp_reduction_op_names[c->red_op]);
        break;
    case OMP_CL_DEFAULT:
        fputs(omp_default_names[c->def], out);
        break;
    case OMP_CL_DEVICE:
        dump_names(out, c->devices, omp_device_names, OMP_DEVICE_COUNT);
        break;
    case OMP_CL_SCHEDULE:
        fprintf(out, "%s%s", omp_schedule_names[c->sched], c->nargs ? "," : "");
        break;
    default:
        break;
    }
}

void omp_dump_clause(FILE *out, const struct omp_clause *c)
{
    fputs(omp_clause_names[c->kind], out);
    if (!c->text.text || !strchr(c->text.text, '('))
        return;   /* a clause without arguments */
    if (c->kind == OMP_CL_LABEL && c->label_quoted) {
        fprintf(out, "(\"%s\")", c->args[0].text);
        return;
    }
    fputc('(', out);
    dump_clause_extra(out, c);
    for (int i = 0; i < c->nrefs; i++) {
        if (i)
            fputs(", ", out);
        omp_dump_ref(out, c->refs[i]);
    }
    for (int i = 0; i < c->nargs; i++) {
        if (i)
            fputs(", ", out);
        dump_expr(out, &c->args[i]);
    }
    if (c->ndrange_nocheck)
        fputs(", noCheckDim", out);
    fputc(')', out);
}

static void dump_declare_reduction(FILE *out, const struct omp_declare_reduction *r)
{
    fputc('(', out);
    dump_expr(out, &r->id);
    fputs(" :", out);
    for (int i = 0; i < r->ntypes; i++) {
        fputc(' ', out);
        dump_expr(out, &r->types[i]);
    }
    fputs(" : ", out);
    dump_expr(out, &r->combiner);
    fputc(')', out);
    if (r->initializer.text) {
        fputs(" initializer(", out);
        dump_expr(out, &r->initializer);
        fputc(')', out);
    }
}

void omp_dump_directive(FILE *out, const struct omp_directive *d)
{
    if (d->parallel)
        fputs("parallel ", out);
    fputs(omp_directive_names[d->kind], out);
    if (d->name.text)
        fprintf(out, d->kind == OMP_DIR_CRITICAL ? "(%s)" : " %s", d->name.text);
    if (d->rest.text)
        fprintf(out, " ...<%s>", d->rest.text);
    if (d->reduction)
        dump_declare_reduction(out, d->reduction);
    for (int i = 0; i < d->nclauses; i++) {
        fputc(' ', out);
        omp_dump_clause(out, &d->clauses[i]);
    }
}
