/*
 * check_parser.c - unit tests of mcc's front end: typedef-name feedback and scopes, the
 * symbol table, AST spans, `#pragma omp` attachment, the rewriter and diagnostics.
 */
#include "mcc.h"
#include "c.tab.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct translation T;
static const char *SRC;

/* Parse `src` quietly; fails the test on a syntax error. */
static void parse_ok(const char *src)
{
    static const struct mcc_options quiet = { .ompss = true, .quiet = true };
    SRC = src;
    ck_assert_msg(translation_parse(&T, "t.c", src, strlen(src), &quiet),
                  "syntax error in:\n%s", src);
}

static bool parses(const char *src)
{
    static const struct mcc_options quiet = { .ompss = true, .quiet = true };
    bool ok = translation_parse(&T, "t.c", src, strlen(src), &quiet);
    translation_free(&T);
    return ok;
}

static void teardown(void)
{
    translation_free(&T);
}

/* The text of a node. */
static char *text_of(const struct ast *n)
{
    static char buf[8][256];
    static int k;
    char *b = buf[k++ % 8];
    snprintf(b, 256, "%.*s", (int)(n->end - n->begin), SRC + n->begin);
    return b;
}

/* The i-th node (pre-order) of a kind, optionally with a name. */
struct find {
    enum ast_kind kind;
    const char *name;
    int skip;
    struct ast *found;
};

static bool find_fn(struct ast *n, void *arg)
{
    struct find *f = arg;
    if (f->found)
        return false;
    if (n->kind == f->kind && (!f->name || (n->name && strcmp(n->name->str, f->name) == 0))) {
        if (f->skip-- == 0) {
            f->found = n;
            return false;
        }
    }
    return true;
}

static struct ast *find(enum ast_kind kind, const char *name, int nth)
{
    struct find f = { kind, name, nth, NULL };
    ast_walk(T.tu, find_fn, &f);
    ck_assert_msg(f.found, "no %s %s #%d", ast_kind_names[kind], name ? name : "", nth);
    return f.found;
}

/* ---- typedef names and scopes ---------------------------------------------------------- */

START_TEST(typedef_T_T_declares_object)
{
    /* `T T;` declares an object named T of type T; T is no longer a type in that scope. */
    parse_ok("typedef int T;\nvoid f(void) { T T; T = 3; }\nT g;\n");
    struct ast *decl = find(AST_DECL_NAME, "T", 1);
    ck_assert_ptr_nonnull(decl->sym);
    ck_assert_int_eq(decl->sym->kind, SYM_OBJECT);
    ck_assert_int_eq(decl->sym->storage, STORAGE_LOCAL);
    struct ast *use = find(AST_IDENT, "T", 0);
    ck_assert_ptr_eq(use->sym, decl->sym);
    /* After the block, T is the typedef again: `T g;` has a typedef specifier. */
    struct ast *ref = find(AST_TYPEDEF_REF, "T", 1);
    ck_assert_int_eq(ref->sym->kind, SYM_TYPEDEF);
    ck_assert_str_eq(text_of(ref), "T");
}
END_TEST

START_TEST(typedef_shadowed_by_initialized_local)
{
    /* typedef int T; void f(void){ int T = 1; T++; }: T++ is the local object. */
    parse_ok("typedef int T; void f(void){ int T = 1; T++; }");
    struct ast *use = find(AST_IDENT, "T", 0);
    ck_assert_ptr_nonnull(use->sym);
    ck_assert_int_eq(use->sym->kind, SYM_OBJECT);
    ck_assert_int_eq(use->sym->depth > 0, 1);
    struct ast *post = find(AST_POSTFIX, NULL, 0);
    ck_assert_str_eq(text_of(post), "T++");
}
END_TEST

START_TEST(typedef_type_again_after_scope_exit)
{
    /* A typedef name shadowed in a block is a type again after the block: `T x;` parses
     * as a declaration (it would be a syntax error if T were still an object). */
    parse_ok("typedef long T;\nint f(void) {\n { int T = 2; T *= 3; }\n T x = 4;\n return x; }\n");
    struct ast *x = find(AST_DECL_NAME, "x", 0);
    ck_assert_int_eq(x->sym->kind, SYM_OBJECT);
    ck_assert_ptr_nonnull(x->sym->specs);
    ck_assert_int_eq(x->sym->specs->tclass, TYPE_SCALAR);
    /* `T *= 3` inside the block is an assignment to the object */
    struct ast *as = find(AST_ASSIGN, NULL, 0);
    ck_assert_int_eq(as->op, MUL_ASSIGN);
}
END_TEST

START_TEST(typedef_redeclared_in_inner_scope)
{
    /* An inner typedef of the same name hides the outer one and ends with its block. */
    parse_ok("typedef int T;\nvoid f(void) { { typedef char *T; T p = 0; (void)p; } T n = 1; (void)n; }");
    struct ast *p = find(AST_DECL_NAME, "p", 0);
    ck_assert_int_eq(p->sym->type, TYPE_POINTER);   /* through the inner typedef */
    struct ast *n = find(AST_DECL_NAME, "n", 0);
    ck_assert_int_eq(n->sym->type, TYPE_SCALAR);    /* the outer one again */
}
END_TEST

START_TEST(typedef_name_as_parameter_and_member)
{
    /* A parameter, member, tag, label and enumerator named like a typedef. */
    ck_assert(parses("typedef int T;\nstruct T { T T; } s;\nint f(int T) { return T; }\n"
                     "int g(void) { goto T; T: return s.T; }\n"
                     "int h(void) { enum { T = 4 }; return T; }\nT ok;\n"));
    ck_assert(parses("typedef int T;\nint a, T;\n"));        /* second declarator */
    ck_assert(parses("typedef int T, U;\nstruct s { int T; } v;\nint m(void) { return v.T + (U)1; }\n"));
    ck_assert(parses("typedef int T;\nint *T;\n"));
    ck_assert(parses("typedef int T;\nvoid f(T);\nvoid g(int (*cb)(T), T v);\n"));
    ck_assert(parses("typedef int T;\nint k(a) T a; { T (b) = a; T * c = &b; return *c; }\n"));
    ck_assert(parses("typedef int T;\nint s(int T) { return sizeof(T) + T; }\nint u(void) { return (T)+1; }\n"));
    ck_assert(!parses("int x;\nx y;\n"));                  /* x is no type */
}
END_TEST

START_TEST(typedef_struct_tag_then_declarator)
{
    /* `struct tm;` then `wchar_t *f(...)`: the tag's flag must not leak past the ';'. */
    ck_assert(parses("typedef int wchar_t;\nstruct tm;\nextern wchar_t *wcscpy(wchar_t *d);\n"));
    ck_assert(parses("typedef int U;\nstruct S { int a; } U2;\nstruct S U;\n"));
}
END_TEST

/* ---- symbols ---------------------------------------------------------------------------- */

START_TEST(symbols_kinds_storage_and_types)
{
    /* What each name denotes: kind, storage and type class (array size span kept). */
    parse_ok("struct P { int x; };\n"
             "int g; static int s; extern int e[];\n"
             "int f(int n, double a[n], struct P *q) {\n"
             "  int loc[2 * 8]; static int keep; struct P pt; enum E { A, B } ev;\n"
             "  int (*fp)(int); int *ptrs[3];\n"
             "  return n + a[0] + q->x + loc[0] + keep + pt.x + ev + A + (fp != 0) + (ptrs[0] != 0);\n"
             "}\n");
    struct { const char *name; enum sym_kind kind; enum sym_storage st; enum type_class t; } want[] = {
        { "g", SYM_OBJECT, STORAGE_GLOBAL, TYPE_SCALAR },
        { "s", SYM_OBJECT, STORAGE_STATIC, TYPE_SCALAR },
        { "e", SYM_OBJECT, STORAGE_EXTERN, TYPE_ARRAY },
        { "f", SYM_FUNCTION, STORAGE_GLOBAL, TYPE_FUNCTION },
        { "n", SYM_PARAM, STORAGE_LOCAL, TYPE_SCALAR },
        { "a", SYM_PARAM, STORAGE_LOCAL, TYPE_POINTER },
        { "q", SYM_PARAM, STORAGE_LOCAL, TYPE_POINTER },
        { "loc", SYM_OBJECT, STORAGE_LOCAL, TYPE_ARRAY },
        { "keep", SYM_OBJECT, STORAGE_STATIC, TYPE_SCALAR },
        { "pt", SYM_OBJECT, STORAGE_LOCAL, TYPE_STRUCT },
        { "ev", SYM_OBJECT, STORAGE_LOCAL, TYPE_ENUM },
        { "fp", SYM_OBJECT, STORAGE_LOCAL, TYPE_POINTER },
        { "ptrs", SYM_OBJECT, STORAGE_LOCAL, TYPE_ARRAY },
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        struct ast *d = find(AST_DECL_NAME, want[i].name, 0);
        ck_assert_msg(d->sym, "%s not declared", want[i].name);
        ck_assert_msg(d->sym->kind == want[i].kind, "%s: kind %s", want[i].name,
                      sym_kind_names[d->sym->kind]);
        ck_assert_msg(d->sym->storage == want[i].st, "%s: storage %s", want[i].name,
                      sym_storage_names[d->sym->storage]);
        ck_assert_msg(d->sym->type == want[i].t, "%s: type %s", want[i].name,
                      type_class_names[d->sym->type]);
    }
    ck_assert_str_eq(text_of(find(AST_DECL_NAME, "loc", 0)->sym->array_size), "2 * 8");
    ck_assert(find(AST_DECL_NAME, "a", 0)->sym->array_param);
    /* Uses resolve to their declarations; the enum constant and the tag too. */
    ck_assert_int_eq(find(AST_IDENT, "A", 0)->sym->kind, SYM_ENUM_CONST);
    ck_assert_ptr_eq(find(AST_IDENT, "n", 0)->sym, find(AST_DECL_NAME, "n", 0)->sym);
    ck_assert_int_eq(find(AST_STRUCT, "P", 1)->sym->kind, SYM_TAG);
    ck_assert_ptr_eq(find(AST_STRUCT, "P", 1)->sym, find(AST_STRUCT, "P", 0)->sym);
}
END_TEST

START_TEST(symbols_redeclaration_chain)
{
    /* A definition after its prototype links back to it; a call after it sees the definition. */
    parse_ok("int f(int);\nint f(int x) { return x; }\nint g(void) { return f(1); }\n");
    struct ast *def = find(AST_FUNCTION_DEF, NULL, 0);
    ck_assert_ptr_nonnull(def->sym->redecl);
    ck_assert_int_eq(def->sym->redecl->decl->kind, AST_DECLARATION);
    ck_assert_ptr_eq(find(AST_IDENT, "f", 0)->sym, def->sym);
}
END_TEST

START_TEST(symbols_tags_separate_namespace)
{
    /* A tag and an object of the same name do not clash. */
    parse_ok("struct s { int v; } s;\nint use(void) { return s.v; }\n");
    ck_assert_int_eq(find(AST_IDENT, "s", 0)->sym->kind, SYM_OBJECT);
    ck_assert_int_eq(find(AST_STRUCT, "s", 0)->sym->kind, SYM_TAG);
}
END_TEST

START_TEST(symbols_labels_function_scope)
{
    /* A goto before its label resolves to the same label symbol. */
    parse_ok("void f(void) { goto out; { out: ; } }\n");
    struct ast *g = find(AST_GOTO, "out", 0), *l = find(AST_LABEL, "out", 0);
    ck_assert_ptr_eq(g->sym, l->sym);
    ck_assert_int_eq(l->sym->kind, SYM_LABEL);
    ck_assert(l->sym->defined);
}
END_TEST

START_TEST(symbols_asm_operands_resolve)
{
    /* Names in asm operands are parsed expressions resolving to their declarations. */
    parse_ok("int g;\nvoid f(int v) {\n  __asm__ __volatile__ (\"\" : \"=r\" (g) : [in] \"r\" (v + 1) : \"memory\");\n"
             "  asm goto (\"\" :::: out);\nout: ;\n}\n");
    struct ast *as = find(AST_ASM_STMT, NULL, 0);
    struct ast *o1 = as->kid[0]->kid[0], *o2 = o1->next;
    ck_assert_str_eq(text_of(o1), "g");
    ck_assert_int_eq(o1->sym->storage, STORAGE_GLOBAL);
    ck_assert_str_eq(text_of(o2), "v + 1");
    ck_assert_int_eq(o2->kid[0]->sym->kind, SYM_PARAM);
    ck_assert_ptr_null(o2->next);
    ck_assert(find(AST_LABEL, "out", 0)->sym->defined);
}
END_TEST

START_TEST(labels_before_declarations)
{
    /* gcc 11 and C23 accept labels, case and default right before a declaration. */
    parse_ok("int f(int n) { if (n) goto d; d: int r = n; switch (r) { case 1: int x = 2; return x;\n"
             " case 2 ... 3: int y = 3; return y; default: int z = 4; return z; } }\n");
    struct ast *l = find(AST_LABEL, "d", 0);
    ck_assert_int_eq(l->kid[0]->kind, AST_DECLARATION);
    ck_assert_ptr_eq(find(AST_GOTO, "d", 0)->sym, l->sym);
    ck_assert_int_eq(find(AST_DECL_NAME, "z", 0)->sym->storage, STORAGE_LOCAL);
    ck_assert_int_eq(find(AST_DEFAULT, NULL, 0)->kid[0]->kind, AST_DECLARATION);
}
END_TEST

/* ---- spans ------------------------------------------------------------------------------ */

START_TEST(spans_call_callee_and_arguments)
{
    /* A call's span, its callee identifier and each argument's span. */
    parse_ok("int add(int a, int b);\nint main(void) { return add( 1 + 2 ,foo[3] ) + none( ); }\n");
    struct ast *call = find(AST_CALL, NULL, 0);
    ck_assert_str_eq(text_of(call), "add( 1 + 2 ,foo[3] )");
    ck_assert_int_eq(call->kid[0]->kind, AST_IDENT);
    ck_assert_str_eq(call->kid[0]->name->str, "add");
    ck_assert_int_eq(call->kid[0]->sym->kind, SYM_FUNCTION);
    struct ast *a1 = call->kid[1]->kid[0], *a2 = a1->next;
    ck_assert_str_eq(text_of(a1), "1 + 2");
    ck_assert_str_eq(text_of(a2), "foo[3]");
    ck_assert_ptr_null(a2->next);
    ck_assert_int_eq(a2->kind, AST_SUBSCRIPT);
    ck_assert_ptr_null(a2->kid[0]->sym);   /* foo is undeclared */
    /* An empty argument list sits right before the ')' (where arguments would go). */
    struct ast *none = find(AST_CALL, NULL, 1);
    ck_assert_str_eq(text_of(none), "none( )");
    ck_assert_ptr_null(none->kid[1]->kid[0]);
    ck_assert_uint_eq(none->kid[1]->begin, none->end - 1);
    ck_assert_uint_eq(none->kid[1]->end, none->end - 1);
}
END_TEST

START_TEST(spans_function_definition_parameters)
{
    /* A definition's span and its parameters: names, spans and types. */
    parse_ok("static void scale(double *restrict v, const int n)\n{ v[0] *= n; }\nint z;");
    struct ast *def = find(AST_FUNCTION_DEF, NULL, 0);
    ck_assert_str_eq(text_of(def), "static void scale(double *restrict v, const int n)\n{ v[0] *= n; }");
    ck_assert_int_eq(def->sym->kind, SYM_FUNCTION);
    ck_assert_int_eq(def->sym->storage, STORAGE_STATIC);
    struct ast *params = ast_declarator_params(def->kid[1]);
    ck_assert_ptr_nonnull(params);
    struct ast *p1 = params->kid[0], *p2 = p1->next;
    ck_assert_str_eq(text_of(p1), "double *restrict v");
    ck_assert_str_eq(text_of(p2), "const int n");
    ck_assert_str_eq(p1->sym->name->str, "v");
    ck_assert_int_eq(p1->sym->type, TYPE_POINTER);
    ck_assert_int_eq(p2->sym->type, TYPE_SCALAR);
    ck_assert_str_eq(text_of(p2->kid[0]), "const int");
    ck_assert_str_eq(text_of(find(AST_COMPOUND, NULL, 0)), "{ v[0] *= n; }");
}
END_TEST

START_TEST(spans_expressions_and_statements)
{
    /* Spans of member access, casts, unary/binary operators, literals and statements. */
    parse_ok("struct S { int m; } *p;\nint f(void) {\n  if (p->m > 0)\n    return (int)-p->m * 2;\n  return \"a\" \"b\"[0];\n}\n");
    ck_assert_str_eq(text_of(find(AST_MEMBER, "m", 0)), "p->m");
    ck_assert_str_eq(text_of(find(AST_CAST, NULL, 0)), "(int)-p->m");
    ck_assert_str_eq(text_of(find(AST_UNARY, NULL, 0)), "-p->m");
    ck_assert_str_eq(text_of(find(AST_BINARY, NULL, 1)), "(int)-p->m * 2");
    ck_assert_str_eq(text_of(find(AST_STRING, NULL, 0)), "\"a\" \"b\"");
    ck_assert_str_eq(text_of(find(AST_IF, NULL, 0)), "if (p->m > 0)\n    return (int)-p->m * 2;");
    ck_assert_str_eq(text_of(find(AST_CONSTANT, NULL, 0)), "0");
    ck_assert_str_eq(text_of(find(AST_DECLARATION, NULL, 0)), "struct S { int m; } *p;");
}
END_TEST

/* ---- pragmas ---------------------------------------------------------------------------- */

START_TEST(pragma_attached_to_statement_in_if)
{
    /* `if (c)` then a task pragma then a statement: the pragma is that statement's. */
    parse_ok("void f(int c, int x) {\n  if (c)\n#pragma omp task\n    x++;\n}\n");
    struct ast *es = find(AST_EXPR_STMT, NULL, 0);
    ck_assert_ptr_nonnull(es->pragma);
    ck_assert_str_eq(text_of(es->pragma), "#pragma omp task");
    ck_assert_ptr_eq(es->pragma->target, es);
    struct mcc_loc loc = source_loc(&T.src, es->pragma->begin);
    ck_assert_int_eq(loc.line, 3);
    ck_assert_int_eq(loc.col, 1);
}
END_TEST

START_TEST(pragma_chain_on_declaration)
{
    /* target then task then a function declaration: one chain attached to it. */
    parse_ok("#pragma omp target device(smp)\n#pragma omp task in(a[0;n])\nvoid k(int *a, int n);\n"
             "#pragma GCC visibility push(default)\nint after;\n");
    struct ast *decl = find(AST_DECLARATION, NULL, 0);
    ck_assert_ptr_nonnull(decl->pragma);
    ck_assert_str_eq(text_of(decl->pragma), "#pragma omp target device(smp)");
    ck_assert_ptr_nonnull(decl->pragma->kid[0]);
    ck_assert_str_eq(text_of(decl->pragma->kid[0]), "#pragma omp task in(a[0;n])");
    ck_assert_ptr_eq(decl->pragma->kid[0]->target, decl);
    ck_assert_ptr_null(decl->pragma->kid[0]->kid[0]);
    /* The other pragma is remembered, not attached. */
    ck_assert_ptr_nonnull(T.parser.other_pragmas->kid[0]);
    ck_assert_str_eq(text_of(T.parser.other_pragmas->kid[0]), "#pragma GCC visibility push(default)");
    ck_assert_ptr_null(find(AST_DECLARATION, NULL, 1)->pragma);
}
END_TEST

START_TEST(pragma_on_function_definition_and_block_items)
{
    /* Pragmas on a definition, between block items, and standalone ones. */
    parse_ok("#pragma omp task\nvoid t(int *p) { *p = 1; }\n"
             "int main(void) {\n  int v;\n#pragma omp task\n  t(&v);\n#pragma omp taskwait\n"
             "  for (int i = 0; i < 2; i++)\n  #pragma omp task\n  { v++; }\n#pragma omp taskyield\n  return v;\n}\n");
    struct ast *fdef = find(AST_FUNCTION_DEF, NULL, 0);
    ck_assert_ptr_nonnull(fdef->pragma);
    struct ast *call_stmt = find(AST_EXPR_STMT, NULL, 1);
    ck_assert_str_eq(text_of(call_stmt), "t(&v);");
    ck_assert_ptr_nonnull(call_stmt->pragma);
    struct ast *tw = find(AST_PRAGMA, NULL, 2);
    ck_assert_str_eq(text_of(tw), "#pragma omp taskwait");
    ck_assert_uint_eq(tw->flags, 1);
    ck_assert_ptr_null(tw->target);
    struct ast *blk = find(AST_COMPOUND, NULL, 2);
    ck_assert_str_eq(text_of(blk), "{ v++; }");
    ck_assert_ptr_nonnull(blk->pragma);
    /* A pragma before a sub-statement is reached through its construct only. */
    ck_assert_str_eq(text_of(find(AST_PRAGMA, NULL, 3)), "#pragma omp taskyield");
}
END_TEST

START_TEST(translate_without_pragmas_is_identity)
{
    /* A program without `#pragma omp` comes out unchanged, main included. */
    const char *src = "# 1 \"p.c\"\nint main(void)\n{\n  int x = 0;\n  return x;\n}\n";
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    ck_assert_int_eq(mcc_translate_buffer("p.c", src, strlen(src), f, NULL), 0);
    fclose(f);
    ck_assert_str_eq(out, src);
    free(out);
}
END_TEST

START_TEST(pragma_passthrough_without_ompss)
{
    /* With --no-openmp every pragma passes through and the output is the input. */
    static const struct mcc_options off = { .ompss = false, .quiet = true };
    const char *src = "int main(void) {\n#pragma omp task\n  return 0;\n}\n";
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    ck_assert_int_eq(mcc_translate_buffer("t.c", src, strlen(src), f, &off), 0);
    fclose(f);
    ck_assert_str_eq(out, src);
    free(out);
    /* Other pragmas may stand anywhere (_Pragma in a macro expands mid-expression). */
    ck_assert(parses("int a = 1 +\n#pragma GCC diagnostic push\n 2;\nstruct s {\n#pragma pack(1)\n int x; };\n"));
    /* With OmpSs off, an omp pragma is such a pragma too. */
    ck_assert(mcc_translate_buffer("t.c", "int b = (\n#pragma omp task\n 3);\n", 32, NULL, &off) == 0);
}
END_TEST

/* ---- rewriter --------------------------------------------------------------------------- */

static char *output_of(struct rewriter *rw)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    ck_assert_int_eq(rewrite_output(rw, f), 0);
    fclose(f);
    return out;
}

START_TEST(rewrite_no_edits_is_identity)
{
    /* Without edits the output is the input byte for byte (linemarkers included). */
    const char *src = "# 1 \"a.c\"\nint  x ;\t/* c */\n# 7 \"b.h\" 1 3 4\nchar y;\n";
    parse_ok(src);
    char *out = output_of(T.rw);
    ck_assert_str_eq(out, src);
    free(out);
}
END_TEST

START_TEST(rewrite_insert_replace_order)
{
    /* At one offset: insert_after text, then insert_before text, then a replacement.
     * (The insertion at 0 moves what follows it on its line: a linemarker puts it back
     * at its column.) */
    parse_ok("int a; int b;");
    rewrite_insert_before(T.rw, 7, "[B]");
    rewrite_insert_after(T.rw, 7, "[A]");
    rewrite_replace(T.rw, 7, 13, "long b;");
    rewrite_insert_before(T.rw, 0, "/*0*/");
    char *out = output_of(T.rw);
    ck_assert_str_eq(out, "/*0*/\n# 1 \"t.c\"\nint a; [A][B]long b;");
    free(out);
}
END_TEST

START_TEST(rewrite_moved_span_takes_its_ends)
{
    /* A construct that is the whole statement of another: the inner one inserts at the
     * ends of the statement, the outer one renders the statement with them, moves it and
     * replaces it.  The insertions are in the moved text only, not again around the
     * replacement; an insertion the replaced text never took stays (the test above). */
    parse_ok("int a; int b;");
    rewrite_insert_before(T.rw, 7, "{(");
    rewrite_insert_after(T.rw, 13, ")}");
    char *moved = rewrite_text(T.rw, 7, 13);
    ck_assert_str_eq(moved, "{(int b;)}");
    rewrite_replace(T.rw, 7, 13, "call();");
    rewrite_insert_after(T.rw, 13, "/*after*/");
    char *out = output_of(T.rw);
    ck_assert_str_eq(out, "int a; call();/*after*/");
    free(out);
}
END_TEST

START_TEST(rewrite_nested_move)
{
    /* A call rewritten inside a statement that is then moved elsewhere: rewrite_text()
     * renders the statement with the inner edit, and the edit is not applied twice. */
    const char *src = "void g(int);\nvoid f(void) {\n  g(1);\n}\n";
    parse_ok(src);
    struct ast *call = find(AST_CALL, NULL, 0);
    struct ast *stmt = find(AST_EXPR_STMT, NULL, 0);
    rewrite_replace(T.rw, call->kid[0]->begin, call->kid[0]->end, "g_spawn");
    char *moved = rewrite_text(T.rw, stmt->begin, stmt->end);
    ck_assert_str_eq(moved, "g_spawn(1);");
    /* The inner edit alone renders the original span untouched elsewhere. */
    ck_assert_str_eq(rewrite_text(T.rw, 0, 12), "void g(int);");
    rewrite_replace(T.rw, stmt->begin, stmt->end, "outlined();");
    char *fn = arena_printf(&T.arena, "static void outlined(void) { %s }\n", moved);
    rewrite_insert_before(T.rw, find(AST_FUNCTION_DEF, NULL, 0)->begin, fn);
    char *out = output_of(T.rw);
    ck_assert_msg(strstr(out, "static void outlined(void) { g_spawn(1); }\n") != NULL, "%s", out);
    ck_assert_msg(strstr(out, "  outlined();") != NULL, "%s", out);
    ck_assert_msg(strstr(out, "g(1)") == NULL, "%s", out);
    ck_assert_int_eq(rewrite_count(T.rw), 3);
    free(out);
}
END_TEST

START_TEST(rewrite_linemarker_after_inserted_lines)
{
    /* Text with newlines inserted before a line: a linemarker restores its number. */
    const char *src = "# 1 \"u.c\"\nint a;\nint b;\n";
    parse_ok(src);
    struct ast *b = find(AST_DECL_NAME, "b", 0);
    struct ast *decl = b->sym->decl;
    rewrite_insert_before(T.rw, decl->begin, "int gen1;\nint gen2;\n");
    char *out = output_of(T.rw);
    ck_assert_str_eq(out, "# 1 \"u.c\"\nint a;\nint gen1;\nint gen2;\n\n# 2 \"u.c\"\nint b;\n");
    free(out);
}
END_TEST

START_TEST(rewrite_columns_after_edits)
{
    /* An edit that changes the length of its line is followed by a linemarker padded to
     * the column of the source text after it, when that text is not blank; a tab in the
     * line's indentation stays a tab.  Edits at the end of a line need none. */
    const char *src = "# 3 \"u.c\"\nint x, y;\nvoid f(void) {\n\t  x = y + 1;\n  y = x;\n}\n";
    parse_ok(src);
    struct ast *xs = find(AST_IDENT, "x", 0);
    rewrite_replace(T.rw, xs->begin, xs->end, "(*p_x)");
    char *out = output_of(T.rw);
    ck_assert_str_eq(out, "# 3 \"u.c\"\nint x, y;\nvoid f(void) {\n\t  (*p_x)\n# 5 \"u.c\"\n\t   "
                          " = y + 1;\n  y = x;\n}\n");
    free(out);
    /* ... and at the end of a line: nothing */
    translation_free(&T);
    parse_ok(src);
    struct ast *st = find(AST_EXPR_STMT, NULL, 1);
    rewrite_replace(T.rw, st->begin, st->end, "y = (*p_x);");
    out = output_of(T.rw);
    ck_assert_str_eq(out, "# 3 \"u.c\"\nint x, y;\nvoid f(void) {\n\t  x = y + 1;\n  y = (*p_x);\n}\n");
    free(out);
}
END_TEST

START_TEST(rewrite_text_lines_keeps_lines)
{
    /* A span moved elsewhere starts with a linemarker for its first line (padded to its
     * column) and gets one again after an inner edit that adds lines. */
    const char *src = "# 10 \"m.c\"\nvoid g(int);\nvoid f(void) {\n    g(1);\n    g(2);\n}\n";
    parse_ok(src);
    struct ast *c1 = find(AST_CALL, NULL, 0), *c2 = find(AST_CALL, NULL, 1);
    rewrite_replace(T.rw, c1->begin, c1->end, "g(1);\ng(11)");
    char *moved = rewrite_text_lines(T.rw, c1->begin, c2->end + 1);
    ck_assert_str_eq(moved, "\n# 12 \"m.c\"\n    g(1);\ng(11)\n# 12 \"m.c\"\n        ;\n    g(2);");
    /* the plain rendering has none */
    ck_assert_str_eq(rewrite_text(T.rw, c1->begin, c2->end + 1), "g(1);\ng(11);\n    g(2);");
}
END_TEST

START_TEST(rewrite_spans_across_buckets)
{
    /* Many edits over a text longer than the rewriter's 4 KiB buckets: whole-text and
     * sub-span renderings match a plain substitution, at any span boundaries. */
    enum { N = 3000 };
    static char src[N * 8 + 1], want[N * 16 + 1];
    size_t len = 0, wlen = 0;
    for (int i = 0; i < N; i++) {
        len += (size_t)sprintf(src + len, "int x%d;", i % 10);      /* 7 bytes */
        wlen += (size_t)sprintf(want + wlen, "%sint x%d;", i % 3 ? "" : "/**/", i % 10);
    }
    parse_ok(src);
    for (int i = 0; i < N; i += 3)
        rewrite_insert_before(T.rw, (size_t)i * 7, "/**/");
    char *all = rewrite_text(T.rw, 0, len);
    ck_assert_str_eq(all, want);
    /* [7*k, 7*m): statements k..m-1, the insertion at 7*k included, none at 7*m. */
    for (int k = 0; k < N; k += 499) {
        int m = k + 1200 < N ? k + 1200 : N;
        char *got = rewrite_text(T.rw, (size_t)k * 7, (size_t)m * 7);
        size_t wb = (size_t)k * 7 + (size_t)((k + 2) / 3) * 4;
        size_t we = (size_t)m * 7 + (size_t)((m + 2) / 3) * 4;
        ck_assert_uint_eq(strlen(got), we - wb);
        ck_assert_int_eq(memcmp(got, want + wb, we - wb), 0);
    }
}
END_TEST

/* ---- lexer and diagnostics ---------------------------------------------------------------- */

START_TEST(lexer_linemarkers_give_user_locations)
{
    /* Tokens after linemarkers map to the user's file, line and column. */
    parse_ok("# 1 \"main.c\"\n# 1 \"inc.h\" 1\nint h;\n# 5 \"main.c\" 2\n\tint   m;\n");
    struct mcc_loc l = source_loc(&T.src, find(AST_DECL_NAME, "h", 0)->begin);
    ck_assert_str_eq(l.file, "inc.h");
    ck_assert_int_eq(l.line, 1);
    ck_assert_int_eq(l.col, 5);
    l = source_loc(&T.src, find(AST_DECL_NAME, "m", 0)->begin);
    ck_assert_str_eq(l.file, "main.c");
    ck_assert_int_eq(l.line, 5);
    ck_assert_int_eq(l.col, 15);   /* tab to 9, then "int   " */
}
END_TEST

START_TEST(lexer_gnu_spellings_fold_to_keywords)
{
    /* Alternate spellings are the same keywords (a declaration, not an error). */
    ck_assert(parses("__const int a = 1; __signed__ char b; __inline__ static int f(void) { return 0; }\n"
                     "__typeof__(a) c; int __attribute__((unused)) d __asm__(\"dd\");\n"
                     "void g(int *__restrict p) { __asm__ __volatile__(\"\" : : \"r\"(p) : \"memory\"); }\n"
                     "__extension__ typedef long long ll; _Alignas(8) int e; int al = __alignof__(ll);\n"));
    /* Identifiers with '$', UTF-8 letters and universal character names; digraphs. */
    ck_assert(parses("int $d = 1, caf\\u00e9 = 2, \xc3\xa9t\xc3\xa9 = 3, a<:2:> = <% 1 %>;\n"
                     "int u(void) { return $d + caf\\u00e9 + a<:0:>; }\n"));
}
END_TEST

/* Run a translation with stderr captured; returns the first line. */
static char *first_error(const char *src)
{
    static char line[512];
    char path[] = "/tmp/mcc_unit_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    fflush(stderr);
    int saved = dup(2);
    dup2(fd, 2);
    static const struct mcc_options loud = { .ompss = true };
    int st = mcc_translate_buffer("bad.c", src, strlen(src), NULL, &loud);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    ck_assert_int_eq(st, 1);
    FILE *f = fdopen(fd, "r");
    rewind(f);
    line[0] = '\0';
    if (!fgets(line, sizeof line, f))
        line[0] = '\0';
    fclose(f);
    unlink(path);
    line[strcspn(line, "\n")] = '\0';
    return line;
}

START_TEST(diag_syntax_error_locations)
{
    /* gcc-style file:line:col and the offending token, also after linemarkers and at EOF. */
    ck_assert_str_eq(first_error("int main(void)\n{\n  int x = 1\n  return x;\n}\n"),
                     "bad.c:4:3: error: expected ',' or ';' before 'return'");
    ck_assert_str_eq(first_error("# 10 \"user.c\"\nint f(int a int b);\n"),
                     "user.c:10:13: error: expected ')' before 'int'");
    char *eof = first_error("void f(void) {\n  if (1) {\n");
    ck_assert_msg(strncmp(eof, "bad.c:2:10: error: ", 19) == 0 && strstr(eof, "end of input"), "%s", eof);
    ck_assert_str_eq(first_error("int a = 1 @ 2;"), "bad.c:1:11: error: expected ',' or ';' before '@'");
}
END_TEST

START_TEST(diag_parser_is_reentrant_after_errors)
{
    /* Many translations in one process, errors included, leave no state behind. */
    for (int i = 0; i < 200; i++) {
        ck_assert(!parses("int f( { ;"));
        ck_assert(parses("typedef int T; T T2; int g(void) { T T = 0; return T; }"));
    }
    ck_assert(parses(""));
    ck_assert(parses(";;\n"));
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("mcc-parser");
    struct { const char *name; const TTest *tests[8]; } cases[] = {
        { "typedef", { typedef_T_T_declares_object, typedef_shadowed_by_initialized_local,
                       typedef_type_again_after_scope_exit, typedef_redeclared_in_inner_scope,
                       typedef_name_as_parameter_and_member, typedef_struct_tag_then_declarator } },
        { "symbols", { symbols_kinds_storage_and_types, symbols_tags_separate_namespace,
                       symbols_labels_function_scope, symbols_asm_operands_resolve,
                       symbols_redeclaration_chain, labels_before_declarations } },
        { "spans", { spans_call_callee_and_arguments, spans_function_definition_parameters,
                     spans_expressions_and_statements } },
        { "pragma", { pragma_attached_to_statement_in_if, pragma_chain_on_declaration,
                      pragma_on_function_definition_and_block_items,
                      pragma_passthrough_without_ompss, translate_without_pragmas_is_identity } },
        { "rewrite", { rewrite_no_edits_is_identity, rewrite_insert_replace_order,
                       rewrite_nested_move, rewrite_moved_span_takes_its_ends,
                       rewrite_linemarker_after_inserted_lines,
                       rewrite_spans_across_buckets, rewrite_columns_after_edits,
                       rewrite_text_lines_keeps_lines } },
        { "lexer_diag", { lexer_linemarkers_give_user_locations, lexer_gnu_spellings_fold_to_keywords,
                          diag_syntax_error_locations, diag_parser_is_reentrant_after_errors } },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        TCase *tc = tcase_create(cases[i].name);
        tcase_set_timeout(tc, 20);
        tcase_add_checked_fixture(tc, NULL, teardown);
        for (int k = 0; k < 8 && cases[i].tests[k]; k++)
            tcase_add_test(tc, cases[i].tests[k]);
        suite_add_tcase(s, tc);
    }
    return s;
}

int main(void)
{
    SRunner *r = srunner_create(suite());
    srunner_run_all(r, CK_NORMAL);
    int failed = srunner_ntests_failed(r);
    srunner_free(r);
    return failed ? 1 : 0;
}
