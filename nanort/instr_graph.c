/*
 * instr_graph.c - --graph=FILE: the task graph of the run in Graphviz dot, from the events
 * instr.c recorded: one node per task (nested in its parent's cluster, coloured by
 * implementation, shaped by device), one edge per dependence styled by its class, and a
 * legend.  Written after the threads stopped (or by nrt_instr_write_now), never on the
 * hot path.
 */
#include "nrt.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* Fill colours by implementation (ColorBrewer's Set3, light enough for black text). */
static const char *const palette[] = {
    "#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462",
    "#b3de69", "#fccde5", "#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f",
};
#define NPALETTE (sizeof palette / sizeof palette[0])

struct gnode {
    const struct nanort_task_type *type;
    const struct nanort_impl *impl;  /* of its first span; NULL: never ran */
    int space;
    uint64_t parent;
    uint64_t first_child, next_sibling;
    bool exists;
};

struct graph {
    FILE *f;
    struct gnode *node;             /* by task id */
    uint64_t max_id;
    const struct nanort_impl **impls;  /* distinct implementations: colour = index */
    int *impl_space;
    unsigned nimpls;
};

static unsigned impl_colour(struct graph *g, const struct nanort_impl *impl, int space)
{
    for (unsigned i = 0; i < g->nimpls; i++)
        if (g->impls[i] == impl && g->impl_space[i] == space)
            return i;
    g->impls = nrt_xrealloc(g->impls, (g->nimpls + 1) * sizeof *g->impls);
    g->impl_space = nrt_xrealloc(g->impl_space, (g->nimpls + 1) * sizeof *g->impl_space);
    g->impls[g->nimpls] = impl;
    g->impl_space[g->nimpls] = space;
    return g->nimpls++;
}

static void dot_escaped(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', f);
        fputc(*s, f);
    }
}

static void html_escaped(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '<') fputs("&lt;", f);
        else if (*s == '>') fputs("&gt;", f);
        else if (*s == '&') fputs("&amp;", f);
        else fputc(*s, f);
    }
}

static const char *kind_shape(const struct nanort_impl *impl)
{
    if (!impl || impl->device == NANORT_DEVICE_SMP)
        return "box";
    const struct nrt_device_ops *ops = nrt_device(impl->device);
    return ops && ops->graph_shape ? ops->graph_shape : "hexagon";
}

static void graph_node(struct graph *g, uint64_t id)
{
    const struct gnode *v = &g->node[id];
    char dev[64];
    nrt_instr_device_name(v->space, dev, sizeof dev);
    fprintf(g->f, "  t%" PRIu64 " [label=\"", id);
    dot_escaped(g->f, nrt_instr_label(v->type));
    fprintf(g->f, "\", shape=%s, fillcolor=\"%s\", tooltip=\"#%" PRIu64 " ", kind_shape(v->impl),
            v->impl ? palette[impl_colour(g, v->impl, v->space) % NPALETTE] : "white", id);
    dot_escaped(g->f, v->impl ? nrt_instr_impl_name(v->impl) : "(not run)");
    fputs(" on ", g->f);
    dot_escaped(g->f, dev);
    fputs("\"];\n", g->f);
}

/* Node id, and its children (tasks it created) in a cluster of their own. */
static void graph_subtree(struct graph *g, uint64_t id)
{
    graph_node(g, id);
    if (!g->node[id].first_child)
        return;
    fprintf(g->f, "  subgraph cluster_t%" PRIu64 " {\n  label=\"", id);
    dot_escaped(g->f, nrt_instr_label(g->node[id].type));
    fprintf(g->f, " #%" PRIu64 "\"; style=\"rounded,dashed\"; color=gray50; fontsize=9;\n", id);
    for (uint64_t c = g->node[id].first_child; c; c = g->node[c].next_sibling)
        graph_subtree(g, c);
    fputs("  }\n", g->f);
}

static const struct {
    const char *attrs, *what;
} dep_style[] = {
    [NRT_DEP_TRUE] = {"style=solid, color=black", "true dependence (read after write)"},
    [NRT_DEP_OUTPUT] = {"style=dotted, penwidth=2, color=\"#cc3333\"",
                        "output dependence (write after write)"},
    [NRT_DEP_ANTI] = {"style=dashed, color=\"#3366cc\"", "anti dependence (write after read)"},
    [NRT_DEP_OTHER] = {"style=solid, color=gray60", "dependence"},
};

static void graph_legend(struct graph *g)
{
    fputs("  label=<<table border=\"0\" cellspacing=\"3\">", g->f);
    /* (no row of implementations when no task ran: dot rejects an empty <tr></tr>) */
    if (g->nimpls > 0)
        fputs("<tr>", g->f);
    for (unsigned i = 0; i < g->nimpls; i++) {
        char dev[64];
        nrt_instr_device_name(g->impl_space[i], dev, sizeof dev);
        fprintf(g->f, "<td bgcolor=\"%s\">", palette[i % NPALETTE]);
        html_escaped(g->f, nrt_instr_impl_name(g->impls[i]));
        fputs(" on ", g->f);
        html_escaped(g->f, dev);
        fputs("</td>", g->f);
    }
    if (g->nimpls > 0)
        fputs("</tr>", g->f);
    fputs("<tr><td colspan=\"99\">edges: solid = true (read after write), dashed blue = "
          "anti (write after read), dotted red = output (write after write); dashed boxes: "
          "tasks created by a task</td></tr></table>>;\n  labelloc=t; fontsize=10;\n", g->f);
}

static void graph_collect(struct graph *g, const struct nrt_ev *all, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const struct nrt_ev *e = &all[i];
        if (e->a > g->max_id)
            continue;
        struct gnode *v = &g->node[e->a];
        if (e->kind == NRT_EV_CREATE) {
            v->exists = true;
            v->type = e->p;
            v->parent = e->b <= g->max_id ? e->b : 0;
        } else if (e->kind == NRT_EV_TASK && !v->impl) {
            v->impl = e->impl;
            v->space = e->src;
        }
    }
    /* children lists, in id order (creation order) */
    for (uint64_t id = g->max_id; id > 0; id--) {
        struct gnode *v = &g->node[id];
        if (!v->exists || !v->parent || !g->node[v->parent].exists)
            continue;
        v->next_sibling = g->node[v->parent].first_child;
        g->node[v->parent].first_child = id;
    }
}

void nrt_instr_write_graph(FILE *f, const struct nrt_ev *all, size_t n, uint64_t max_id)
{
    struct graph g = {f, NULL, max_id, NULL, NULL, 0};
    g.node = nrt_xcalloc(g.max_id + 1, sizeof *g.node);
    graph_collect(&g, all, n);
    fputs("digraph nanort {\n  graph [rankdir=TB, ranksep=0.3, nodesep=0.15, "
          "fontname=\"Helvetica\"];\n  node [style=\"rounded,filled\", fontname=\"Helvetica\", "
          "fontsize=9, height=0.25, margin=\"0.05,0.02\"];\n  edge [arrowsize=0.5];\n", f);
    for (uint64_t id = 1; id <= g.max_id; id++) {
        const struct gnode *v = &g.node[id];
        if (v->exists && (!v->parent || !g.node[v->parent].exists))
            graph_subtree(&g, id);
    }
    for (size_t i = 0; i < n; i++) {
        const struct nrt_ev *e = &all[i];
        if (e->kind != NRT_EV_DEP || e->src < 0 || e->src > NRT_DEP_OTHER)
            continue;
        /* both ends recorded (not past --trace-memory, not created after a snapshot) */
        if (e->a > g.max_id || e->b > g.max_id || !g.node[e->a].exists || !g.node[e->b].exists)
            continue;
        fprintf(f, "  t%" PRIu64 " -> t%" PRIu64 " [%s, tooltip=\"%s\"];\n", e->a, e->b,
                dep_style[e->src].attrs, dep_style[e->src].what);
    }
    graph_legend(&g);
    fputs("}\n", f);
    free(g.node);
    free(g.impls);
    free(g.impl_space);
}
