/*
 * symbols.c - scopes and symbols.  Every interned name points at its innermost visible
 * declaration in each namespace (ordinary, tag, label); a declaration hides the previous
 * one through sym->shadow and a scope remembers its symbols so leaving it restores the
 * names in time proportional to what it declared.
 */
#include "mcc.h"
#include "c.tab.h"

#define SYM_NAME_ENTRY(e, s) [e] = s,
const char *const sym_kind_names[SYM_KIND_COUNT] = { SYM_KINDS(SYM_NAME_ENTRY) };
const char *const scope_kind_names[SCOPE_KIND_COUNT] = { SCOPE_KINDS(SYM_NAME_ENTRY) };
const char *const sym_storage_names[STORAGE_COUNT] = { SYM_STORAGES(SYM_NAME_ENTRY) };

void scope_push(struct mcc_parser *p, enum scope_kind kind)
{
    struct scope *s = arena_alloc(p->arena, sizeof *s);
    s->kind = kind;
    s->up = p->scope;
    s->depth = p->scope ? p->scope->depth + 1 : 0;
    p->scope = s;
}

struct sym *scope_pop(struct mcc_parser *p)
{
    struct scope *s = p->scope;
    if (!s || !s->up)
        return NULL;   /* the file scope stays */
    for (struct sym *y = s->syms; y; y = y->scope_next) {
        if (y->kind == SYM_TAG)
            y->name->tag = y->shadow;
        else
            y->name->ord = y->shadow;
    }
    p->scope = s->up;
    return s->syms;
}

/* A symbol for `n` declared by `node` (its declarator, tag or enumerator node). */
static struct sym *sym_new(struct mcc_parser *p, struct name *n, enum sym_kind kind,
                           struct ast *node)
{
    struct sym *y = arena_alloc(p->arena, sizeof *y);
    y->name = n;
    y->kind = kind;
    y->declarator = node;
    y->decl = node;
    y->scope = p->scope->kind;
    y->depth = p->scope->depth;
    return y;
}

/* Make y the visible declaration of its name in the current scope; `node` (may be NULL)
 * is the AST node that declares it. */
static struct sym *bind(struct mcc_parser *p, struct sym *y, struct ast *node)
{
    if (node)
        node->sym = y;
    if (y->kind == SYM_TAG) {
        y->shadow = y->name->tag;
        y->name->tag = y;
    } else {
        y->shadow = y->name->ord;
        y->name->ord = y;
    }
    y->scope_next = p->scope->syms;
    p->scope->syms = y;
    return y;
}

void specs_add(struct ast *specs, struct ast *spec)
{
    ast_list_append(specs->kid[0], spec);
    enum type_class c = TYPE_NONE;
    switch (spec->kind) {
    case AST_SPECIFIER:
        switch (spec->op) {
        case KW_TYPEDEF: specs->flags |= SPEC_TYPEDEF; return;
        case KW_EXTERN: specs->flags |= SPEC_EXTERN; return;
        case KW_STATIC: specs->flags |= SPEC_STATIC; return;
        case KW_AUTO: specs->flags |= SPEC_AUTO; return;
        case KW_REGISTER: specs->flags |= SPEC_REGISTER; return;
        case KW_THREAD_LOCAL: specs->flags |= SPEC_THREAD_LOCAL; return;
        case KW_INLINE: specs->flags |= SPEC_INLINE; return;
        case KW_CONST: case KW_RESTRICT: case KW_VOLATILE: case KW_NORETURN: case KW_ALIGNAS:
            return;
        case KW_ATOMIC:
            if (!spec->kid[0])
                return;   /* the qualifier */
            c = TYPE_SCALAR;
            if (spec->kid[0]->kid[0])
                c = spec->kid[0]->kid[0]->tclass;   /* _Atomic(type-name) */
            break;
        case KW_VOID: c = TYPE_VOID; break;
        case KW_AUTO_TYPE: c = TYPE_NONE; break;
        default: c = TYPE_SCALAR; break;
        }
        break;
    case AST_TYPEDEF_REF:
        c = spec->sym ? spec->sym->type : TYPE_NONE;
        break;
    case AST_STRUCT:
        c = spec->op == KW_UNION ? TYPE_UNION : TYPE_STRUCT;
        break;
    case AST_ENUM:
        c = TYPE_ENUM;
        break;
    case AST_TYPEOF:
        c = TYPE_NONE;   /* not known without typing expressions */
        break;
    default:
        return;          /* attributes */
    }
    /* `long double`, `unsigned char`... stay scalar; void only alone. */
    if (!(specs->flags & SPEC_HAS_TYPE) || specs->tclass == TYPE_VOID)
        specs->tclass = c;
    else if (c != TYPE_VOID && specs->tclass == TYPE_NONE)
        specs->tclass = c;
    specs->flags |= SPEC_HAS_TYPE;
}

enum type_class declarator_type(struct ast *specs, struct ast *d, struct ast **size)
{
    struct ast *parent = NULL;
    if (size)
        *size = NULL;
    while (d && d->kind != AST_DECL_NAME) {
        if (d->kind == AST_DECL_BITFIELD || d->kind == AST_INIT_DECLARATOR) {
            d = d->kid[0];
            continue;
        }
        parent = d;
        d = d->kid[0];
    }
    if (!parent)
        return specs ? specs->tclass : TYPE_NONE;
    switch (parent->kind) {
    case AST_DECL_POINTER:
        return TYPE_POINTER;
    case AST_DECL_ARRAY:
        if (size)
            *size = parent->kid[1];
        return TYPE_ARRAY;
    case AST_DECL_FUNCTION:
        return TYPE_FUNCTION;
    default:
        return TYPE_NONE;
    }
}

struct sym *sym_declare(struct mcc_parser *p, struct ast *specs, struct ast *declarator,
                        struct ast *decl, bool is_param)
{
    struct ast *dn = ast_declarator_name(declarator);
    if (!dn)
        return NULL;
    /* Parameters of a prototype inside another declaration (abstract declarators, casts)
     * have no scope of their own: they declare nothing. */
    if (is_param && p->scope->kind != SCOPE_PROTOTYPE)
        return NULL;
    unsigned f = specs ? specs->flags : 0;
    struct ast *size;
    enum type_class t = declarator_type(specs, declarator, &size);
    enum sym_kind kind = is_param ? SYM_PARAM
                         : (f & SPEC_TYPEDEF) ? SYM_TYPEDEF
                         : t == TYPE_FUNCTION ? SYM_FUNCTION : SYM_OBJECT;
    struct sym *fwd = dn->name->ord;
    struct sym *y;
    if (is_param && fwd && fwd->forward_param && fwd->kind == SYM_PARAM &&
        fwd->depth == p->scope->depth) {
        /* The parameter a forward declaration announced: the sizes that named it use its
         * symbol, so it is that one. */
        y = fwd;
        y->forward_param = false;
        y->declarator = dn;
        y->array_param = y->function_param = false;
        dn->sym = y;
    } else {
        y = sym_new(p, dn->name, kind, dn);
    }
    y->decl = decl;
    y->specs = specs;
    y->type = t;
    y->array_size = size;
    if (is_param && (t == TYPE_ARRAY || t == TYPE_FUNCTION)) {
        y->array_param = t == TYPE_ARRAY;
        y->function_param = t == TYPE_FUNCTION;
        y->type = TYPE_POINTER;   /* parameter adjustment, C11 6.7.6.3p7-8 */
    }
    struct sym *old = dn->name->ord;
    if (old && old->depth == y->depth && old->kind == kind &&
        (kind == SYM_FUNCTION || kind == SYM_OBJECT))
        y->redecl = old;
    if (kind == SYM_TYPEDEF)
        y->storage = STORAGE_NONE;
    else if (kind == SYM_PARAM)
        y->storage = STORAGE_LOCAL;
    else if (f & SPEC_EXTERN)
        y->storage = STORAGE_EXTERN;
    else if (f & SPEC_STATIC)
        y->storage = STORAGE_STATIC;
    else if (p->scope->kind == SCOPE_FILE || kind == SYM_FUNCTION)
        y->storage = STORAGE_GLOBAL;
    else
        y->storage = (f & SPEC_THREAD_LOCAL) ? STORAGE_STATIC : STORAGE_LOCAL;
    return y == fwd ? y : bind(p, y, dn);
}

struct sym *sym_declare_tag(struct mcc_parser *p, struct ast *spec, bool defines)
{
    struct name *n = spec->name;
    struct sym *y = n->tag;
    /* A reference to a visible tag, or a redefinition in the same scope, is that tag. */
    if (y && (!defines || y->depth == p->scope->depth)) {
        if (defines)
            y->defined = true;
        spec->sym = y;
        return y;
    }
    y = sym_new(p, n, SYM_TAG, spec);
    y->defined = defines;
    y->type = spec->kind == AST_ENUM ? TYPE_ENUM : spec->op == KW_UNION ? TYPE_UNION
                                                                       : TYPE_STRUCT;
    return bind(p, y, spec);
}

struct sym *sym_declare_enum_const(struct mcc_parser *p, struct ast *e)
{
    struct sym *y = sym_new(p, e->name, SYM_ENUM_CONST, e);
    y->type = TYPE_SCALAR;
    return bind(p, y, e);
}

struct sym *sym_label(struct mcc_parser *p, struct ast *node, bool defines)
{
    struct name *n = node->name;
    struct sym *y = n->label;
    if (!y) {
        y = sym_new(p, n, SYM_LABEL, node);
        y->scope = SCOPE_FUNCTION;
        n->label = y;
        y->scope_next = p->labels;
        p->labels = y;
    }
    if (defines) {
        y->defined = true;
        y->declarator = node;
    }
    return y;
}

void sym_labels_end(struct mcc_parser *p)
{
    for (struct sym *y = p->labels; y; y = y->scope_next)
        y->name->label = NULL;
    p->labels = NULL;
}

void sym_kr_params(struct ast *decl)
{
    for (struct ast *d = decl->kid[1] ? decl->kid[1]->kid[0] : NULL; d; d = d->next) {
        struct sym *y = d->sym;
        /* (`int f();` in the list declares a parameter of function type, taken at first
           for a block-scope function declaration) */
        if (!y || (y->kind != SYM_OBJECT && y->kind != SYM_FUNCTION))
            continue;
        y->kind = SYM_PARAM;
        y->storage = STORAGE_LOCAL;
        if (y->type == TYPE_ARRAY || y->type == TYPE_FUNCTION) {
            y->array_param = y->type == TYPE_ARRAY;
            y->function_param = y->type == TYPE_FUNCTION;
            y->type = TYPE_POINTER;   /* parameter adjustment, C11 6.7.6.3p7-8 */
        }
    }
}

void sym_enter_params(struct mcc_parser *p, struct ast *declarator)
{
    struct ast *params = ast_declarator_params(declarator);
    if (!params)
        return;
    for (struct ast *a = params->kid[0]; a; a = a->next)
        if (a->kind == AST_PARAM && a->sym)
            bind(p, a->sym, NULL);
}
