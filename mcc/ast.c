/*
 * ast.c - syntax tree nodes: construction, lists, `#pragma omp` attachment, walking and
 * an S-expression dump for tests.
 */
#include "mcc.h"

#include <stdlib.h>
#include <string.h>

#define AST_NAME_ENTRY(e, s) [e] = s,
const char *const ast_kind_names[AST_KIND_COUNT] = { AST_KINDS(AST_NAME_ENTRY) };
const char *const type_class_names[TYPE_CLASS_COUNT] = { TYPE_CLASSES(AST_NAME_ENTRY) };

struct ast *ast_new(struct mcc_parser *p, enum ast_kind kind, size_t begin, size_t end)
{
    struct ast *n = arena_alloc(p->arena, sizeof *n);
    n->kind = kind;
    n->begin = begin;
    n->end = end;
    return n;
}

struct ast *ast_list(struct mcc_parser *p, struct ast *first)
{
    struct ast *l = ast_new(p, AST_LIST, first ? first->begin : 0, first ? first->end : 0);
    l->kid[0] = l->kid[1] = first;
    return l;
}

struct ast *ast_list_append(struct ast *list, struct ast *item)
{
    if (!item)
        return list;
    if (list->kid[1])
        list->kid[1]->next = item;
    else {
        list->kid[0] = item;
        list->begin = item->begin;
    }
    list->kid[1] = item;
    list->end = item->end;
    return list;
}

void ast_attach_pragma(struct ast *pr, struct ast *construct)
{
    struct ast *last = pr;
    for (struct ast *q = pr; q; q = q->kid[0]) {
        q->target = construct;
        last = q;
    }
    /* Pragmas already attached (nearer the construct) come after this chain. */
    last->kid[0] = construct->pragma;
    construct->pragma = pr;
}

/* Pending pragmas of a list wait in kid[2] (first) / kid[3] (last) for the next item. */
struct ast *ast_list_append_item(struct ast *list, struct ast *item)
{
    if (!item)
        return list;
    ast_list_append(list, item);
    if (item->kind == AST_PRAGMA && !(item->flags & AST_PRAGMA_STANDALONE)) {
        if (list->kid[3])
            list->kid[3]->kid[0] = item;
        else
            list->kid[2] = item;
        list->kid[3] = item;
    } else if (item->kind == AST_PRAGMA) {
        list->kid[2] = list->kid[3] = NULL;   /* standalone: earlier ones apply to nothing */
    } else if (list->kid[2]) {
        struct ast *chain = list->kid[2];
        list->kid[2] = list->kid[3] = NULL;
        ast_attach_pragma(chain, item);
    }
    return list;
}

void ast_walk(struct ast *root, bool (*fn)(struct ast *n, void *arg), void *arg)
{
    /* An explicit stack: left-recursive lists make trees far deeper than C's stack. */
    size_t cap = 256, n = 0;
    struct ast **stack = malloc(cap * sizeof *stack);
    if (!stack)
        abort();
    if (root)
        stack[n++] = root;
    while (n > 0) {
        struct ast *a = stack[--n];
        if (!fn(a, arg))
            continue;
        if (n + 64 > cap) {
            cap *= 2;
            struct ast **s = realloc(stack, cap * sizeof *stack);
            if (!s)
                abort();
            stack = s;
        }
        if (a->kind == AST_LIST) {
            /* Items in order: push them reversed (count first, lists may be long). */
            size_t count = 0;
            for (struct ast *i = a->kid[0]; i; i = i->next)
                count++;
            while (n + count + 1 > cap) {
                cap *= 2;
                struct ast **s = realloc(stack, cap * sizeof *stack);
                if (!s)
                    abort();
                stack = s;
            }
            size_t k = n + count;
            for (struct ast *i = a->kid[0]; i; i = i->next)
                stack[--k] = i;
            n += count;
            continue;
        }
        for (int k = 3; k >= 0; k--)
            if (a->kid[k] && !(a->kind == AST_PRAGMA && k == 0))
                stack[n++] = a->kid[k];
    }
    free(stack);
}

struct ast *ast_declarator_name(struct ast *d)
{
    while (d) {
        switch (d->kind) {
        case AST_DECL_NAME:
            return d;
        case AST_DECL_POINTER: case AST_DECL_ARRAY: case AST_DECL_FUNCTION:
        case AST_DECL_BITFIELD: case AST_INIT_DECLARATOR:
            d = d->kid[0];
            break;
        default:
            return NULL;
        }
    }
    return NULL;
}

struct ast *ast_declarator_params(struct ast *d)
{
    struct ast *parent = NULL;
    while (d && d->kind != AST_DECL_NAME) {
        parent = d;
        d = d->kid[0];
    }
    return d && parent && parent->kind == AST_DECL_FUNCTION ? parent->kid[1] : NULL;
}

static void dump(FILE *out, const struct ast *n, const char *text, int depth)
{
    if (!n) {
        fputs("()", out);
        return;
    }
    if (depth > 200) {
        fputs("...", out);
        return;
    }
    fprintf(out, "(%s", ast_kind_names[n->kind]);
    if (n->name)
        fprintf(out, " %s", n->name->str);
    if (n->kind == AST_CONSTANT || n->kind == AST_STRING)
        fprintf(out, " %.*s", (int)(n->end - n->begin), text + n->begin);
    if (n->kind == AST_LIST) {
        for (const struct ast *i = n->kid[0]; i; i = i->next) {
            fputc(' ', out);
            dump(out, i, text, depth + 1);
        }
    } else {
        int last = 3;
        while (last >= 0 && !n->kid[last])
            last--;
        if (n->kind == AST_PRAGMA)
            last = -1;
        for (int k = 0; k <= last; k++) {
            fputc(' ', out);
            dump(out, n->kid[k], text, depth + 1);
        }
    }
    fputc(')', out);
}

void ast_dump(FILE *out, const struct ast *n, const char *text)
{
    dump(out, n, text, 0);
    fputc('\n', out);
}
