/*
 * c.y - C11 plus the GNU C that glibc and real programs use, as gcc -E prints it.
 *
 * Nonterminals are named as in C11 Annex A, with the section in a comment.  The parser is
 * pure (api.pure full) and takes its state in struct mcc_parser, so it can run many times
 * in one process (fuzzing); it never exits: a syntax error is reported through
 * mcc_error_at (gcc style: "expected ';' before 'return'") and yyparse returns.
 *
 * Every rule builds an AST node with its exact span [begin, end) in the preprocessed text
 * (bison locations: struct mcc_span).  Declarations enter the symbol table as soon as
 * their declarator is complete, so the lexer's typedef-name feedback
 * (lex_classify_ident, mcc/lex.c) sees them; see struct mcc_parser.type_seen for the
 * one flag it also consults.
 *
 * Conflicts (%expect 7, all shift/reduce, all resolved by shifting, which is how gcc reads
 * them):
 *  1. dangling else: `if (a) if (b) s; else t;` binds the else to the inner if.
 *  2. `_Atomic (`: the atomic type specifier `_Atomic(int)`, not the qualifier before a
 *     parenthesized declarator (C11 6.7.2.4p4: a `(` right after _Atomic always starts
 *     the specifier).
 *  3-5. in a parameter declaration, `( __attribute__((...))` followed by `*`, an
 *     identifier or `(`: a parenthesized declarator carrying an attribute
 *     (`void f(int (__attribute__((unused)) *cb)(void))`), not a function declarator whose
 *     first parameter would have an attribute for its only specifier (implicit int, which
 *     a prototype may not have).
 *  6-7. after a label `l:`, a typedef name or `__attribute__`: the start of a declaration
 *     (a label before a declaration, C23 and gcc 11); `l: __attribute__((unused));`
 *     becomes an empty declaration with that attribute, same text, and a label named like
 *     a typedef right after another label (`a: T: ;`) is not accepted.
 * Conflicts avoided by construction:
 *  - `__attribute__` after a declarator is that declarator's (decl_suffix), never the
 *    start of a K&R parameter declaration (kr_specs may not begin with an attribute);
 *  - GNU `x: 1` designators are not accepted (they clash with expressions);
 *  - implicit-int function definitions (`main() {}`) only at file scope, where no
 *    statement can start with an identifier.
 * TYPEDEF_NAME never names a declarator: once a type specifier was seen the lexer returns
 * IDENTIFIER for a typedef name (struct mcc_parser.type_seen), so `T T;` needs no
 * conflict here.
 * The count is checked by bison (-Werror=conflicts-sr in mcc/module.mk).
 */
%define api.pure full
%define parse.error custom
%define api.location.type {struct mcc_span}
%locations
%param {struct mcc_parser *p}
%expect 7

%code requires {
#include "mcc.h"
}

%code provides {
int yylex(YYSTYPE *lval, YYLTYPE *lloc, struct mcc_parser *p);
}

%code {
#include <string.h>

#define YYLLOC_DEFAULT(Cur, Rhs, N)                                     \
    do {                                                                \
        if (N) {                                                        \
            (Cur).begin = YYRHSLOC(Rhs, 1).begin;                       \
            (Cur).end = YYRHSLOC(Rhs, N).end;                           \
        } else {                                                        \
            (Cur).begin = (Cur).end = YYRHSLOC(Rhs, 0).end;             \
        }                                                               \
    } while (0)

static void yyerror(YYLTYPE *loc, struct mcc_parser *p, const char *msg);

/* A node spanning location l. */
static struct ast *mk(struct mcc_parser *p, enum ast_kind k, YYLTYPE l, struct ast *a,
                      struct ast *b, struct ast *c, struct ast *d)
{
    struct ast *n = ast_new(p, k, l.begin, l.end);
    n->kid[0] = a;
    n->kid[1] = b;
    n->kid[2] = c;
    n->kid[3] = d;
    return n;
}
#define N(k, l, a, b) mk(p, k, l, a, b, NULL, NULL)
#define N4(k, l, a, b, c, d) mk(p, k, l, a, b, c, d)

static struct ast *op(struct ast *n, int o)
{
    n->op = o;
    return n;
}

static struct ast *named(struct ast *n, struct name *name)
{
    n->name = name;
    return n;
}

/* A keyword specifier; type specifiers also set type_seen (see struct mcc_parser). */
static struct ast *kw_spec(struct mcc_parser *p, YYLTYPE l, int tok, bool is_type)
{
    if (is_type)
        p->type_seen = true;
    return op(N(AST_SPECIFIER, l, NULL, NULL), tok);
}

/* `*` levels hang outer-to-inner through kid[0]; put `inner` below the innermost one. */
static struct ast *wrap_pointer(struct ast *ptr, struct ast *inner)
{
    struct ast *q = ptr;
    for (;;) {
        if (inner && inner->end > q->end)
            q->end = inner->end;
        if (!q->kid[0])
            break;
        q = q->kid[0];
    }
    q->kid[0] = inner;
    return ptr;
}

static void flag_save(struct mcc_parser *p)
{
    if (p->nsaved < (int)(sizeof p->saved_flags / sizeof p->saved_flags[0]))
        p->saved_flags[p->nsaved] = p->type_seen;
    p->nsaved++;
    p->type_seen = false;
}

static void flag_restore(struct mcc_parser *p)
{
    if (p->nsaved > 0 && --p->nsaved < (int)(sizeof p->saved_flags / sizeof p->saved_flags[0]))
        p->type_seen = p->saved_flags[p->nsaved];
}

static void specs_push(struct mcc_parser *p, struct ast *specs)
{
    if (p->nspecs < (int)(sizeof p->spec_stack / sizeof p->spec_stack[0]))
        p->spec_stack[p->nspecs] = specs;
    p->nspecs++;
}

static struct ast *specs_top(struct mcc_parser *p)
{
    int i = p->nspecs - 1;
    return i >= 0 && i < (int)(sizeof p->spec_stack / sizeof p->spec_stack[0])
               ? p->spec_stack[i] : NULL;
}

static void specs_pop(struct mcc_parser *p)
{
    if (p->nspecs > 0)
        p->nspecs--;
}

/* Record the declaration node in the symbols its declarators declared. */
static struct ast *finish_declaration(struct ast *decl)
{
    if (decl->kid[1])
        for (struct ast *d = decl->kid[1]->kid[0]; d; d = d->next)
            if (d->sym)
                d->sym->decl = decl;
    return decl;
}

/* An empty list placed right before the token at l (a ')' or '}'). */
static struct ast *empty_list(struct mcc_parser *p, YYLTYPE l)
{
    struct ast *e = ast_list(p, NULL);
    e->begin = e->end = l.begin;
    return e;
}

/* Move the items of list b to the end of list a. */
static void ast_list_append_all(struct ast *a, struct ast *b)
{
    if (!b->kid[0])
        return;
    if (a->kid[1])
        a->kid[1]->next = b->kid[0];
    else
        a->kid[0] = b->kid[0];
    a->kid[1] = b->kid[1];
}

/* The parameters of `list` are GNU forward declarations (parameter_forward_list). */
static void forward_params(struct ast *list)
{
    for (struct ast *a = list->kid[0]; a; a = a->next)
        if (a->sym)
            a->sym->forward_param = true;
}

static struct ast *identifier(struct mcc_parser *p, YYLTYPE l, struct name *n)
{
    struct ast *id = named(N(AST_IDENT, l, NULL, NULL), n);
    id->sym = n->ord;
    return id;
}

static struct ast *begin_function(struct mcc_parser *p, struct ast *specs, struct ast *declarator)
{
    struct ast *def = ast_new(p, AST_FUNCTION_DEF, declarator->begin, declarator->end);
    def->kid[0] = specs;
    def->kid[1] = declarator;
    struct sym *s = sym_declare(p, specs, declarator, def, false);
    if (s) {
        s->defined = true;
        s->kind = SYM_FUNCTION;
    }
    def->sym = s;
    scope_push(p, SCOPE_FUNCTION);
    sym_enter_params(p, declarator);
    return def;
}

static struct ast *end_function(struct mcc_parser *p, YYLTYPE l, struct ast *def,
                                struct ast *krdecls, struct ast *body)
{
    def->begin = l.begin;
    def->end = l.end;
    def->kid[2] = krdecls;
    def->kid[3] = body;
    scope_pop(p);
    sym_labels_end(p);
    return def;
}
}

%union {
    struct ast *node;
    struct name *name;
}

%token <name> IDENTIFIER "identifier"
%token <name> TYPEDEF_NAME "type name"
%token CONSTANT "constant"
%token STRING_LITERAL "string literal"
%token <node> PRAGMA_OMP "#pragma omp"
%token <node> PRAGMA_OMP_STANDALONE "standalone #pragma omp"
%token ERROR_TOKEN "invalid token"
%token ELLIPSIS "..." RIGHT_ASSIGN ">>=" LEFT_ASSIGN "<<=" ADD_ASSIGN "+=" SUB_ASSIGN "-="
%token MUL_ASSIGN "*=" DIV_ASSIGN "/=" MOD_ASSIGN "%=" AND_ASSIGN "&=" XOR_ASSIGN "^="
%token OR_ASSIGN "|=" RIGHT_OP ">>" LEFT_OP "<<" INC_OP "++" DEC_OP "--" PTR_OP "->"
%token AND_OP "&&" OR_OP "||" LE_OP "<=" GE_OP ">=" EQ_OP "==" NE_OP "!="
%token CUDA_LAUNCH_OPEN "<<<" CUDA_LAUNCH_CLOSE ">>>"   /* CUDA kernel launches (lower_cuda.c) */
/* Keywords: one token per keyword of MCC_KEYWORDS (mcc.h), whose table maps every spelling,
 * GNU alternates included, onto these; a keyword listed there but not here does not
 * compile (lex.c names the token). */
%token KW_AUTO "auto"
%token KW_BREAK "break"
%token KW_CASE "case"
%token KW_CHAR "char"
%token KW_CONST "const"
%token KW_CONTINUE "continue"
%token KW_DEFAULT "default"
%token KW_DO "do"
%token KW_DOUBLE "double"
%token KW_ELSE "else"
%token KW_ENUM "enum"
%token KW_EXTERN "extern"
%token KW_FLOAT "float"
%token KW_FOR "for"
%token KW_GOTO "goto"
%token KW_IF "if"
%token KW_INLINE "inline"
%token KW_INT "int"
%token KW_LONG "long"
%token KW_REGISTER "register"
%token KW_RESTRICT "restrict"
%token KW_RETURN "return"
%token KW_SHORT "short"
%token KW_SIGNED "signed"
%token KW_SIZEOF "sizeof"
%token KW_STATIC "static"
%token KW_STRUCT "struct"
%token KW_SWITCH "switch"
%token KW_TYPEDEF "typedef"
%token KW_UNION "union"
%token KW_UNSIGNED "unsigned"
%token KW_VOID "void"
%token KW_VOLATILE "volatile"
%token KW_WHILE "while"
%token KW_ALIGNAS "_Alignas"
%token KW_ALIGNOF "_Alignof"
%token KW_ATOMIC "_Atomic"
%token KW_BOOL "_Bool"
%token KW_COMPLEX "_Complex"
%token KW_GENERIC "_Generic"
%token KW_IMAGINARY "_Imaginary"
%token KW_NORETURN "_Noreturn"
%token KW_STATIC_ASSERT "_Static_assert"
%token KW_THREAD_LOCAL "_Thread_local"
%token KW_ASM "asm"
%token KW_ATTRIBUTE "__attribute"
%token KW_EXTENSION "__extension__"
%token KW_TYPEOF "typeof"
%token KW_AUTO_TYPE "__auto_type"
%token KW_LABEL "__label__"
%token KW_INT128 "__int128"
%token KW_FLOATN "_Float16"
%token KW_REAL "__real"
%token KW_IMAG "__imag"
%token KW_VA_ARG "__builtin_va_arg"
%token KW_OFFSETOF "__builtin_offsetof"
%token KW_TYPES_COMPATIBLE_P "__builtin_types_compatible_p"
%token KW_CONVERTVECTOR "__builtin_convertvector"
%token KW_BIT_CAST "__builtin_bit_cast"

%type <node> primary_expression string_literal generic_selection generic_assoc_list
%type <node> generic_association postfix_expression argument_expression_list
%type <node> unary_expression cast_expression multiplicative_expression additive_expression
%type <node> shift_expression relational_expression equality_expression and_expression
%type <node> exclusive_or_expression inclusive_or_expression logical_and_expression
%type <node> logical_or_expression conditional_expression assignment_expression
%type <node> expression expression_opt constant_expression offsetof_member
%type <node> declaration decl_specs declaration_specifiers declaration_specifier
%type <node> init_declarator_list init_declarator declarator_with_suffix decl_suffix
%type <node> storage_class_specifier type_specifier struct_or_union_specifier
%type <node> struct_or_union struct_body struct_declaration_list struct_declaration
%type <node> specifier_qualifier_list specifier_qualifier struct_declarator_list
%type <node> struct_declarator enum_specifier enumerator_list enumerator
%type <node> atomic_type_specifier typeof_specifier type_qualifier function_specifier
%type <node> alignment_specifier declarator direct_declarator pointer
%type <node> type_qualifier_list type_qualifier_list_opt array_suffix
%type <node> parameter_type_list parameter_forward_list parameter_list parameter_declaration identifier_list
%type <node> type_name abstract_declarator direct_abstract_declarator
%type <node> initializer initializer_list designation designator_list designator
%type <node> static_assert_declaration attribute_specifier attributes_opt asm_label
%type <node> statement sub_statement labeled_statement compound_statement block_item_list
%type <node> label_name_list
%type <node> block_item expression_statement selection_statement iteration_statement
%type <node> jump_statement asm_statement local_label_declaration asm_argument asm_operands
%type <node> asm_operand_list asm_operand
%type <node> translation_unit external_declaration function_definition
%type <node> declaration_list fn_begin fn_begin_implicit kr_declaration kr_specs kr_specs_list
%type <node> kr_first_specifier
%type <name> general_identifier

%start translation_unit_top

%%

/* ==== 6.5 Expressions (A.2.1) ==== */

/* A name where a typedef name is no type: member, label, enumerator, designator.  The
 * lexer set type_seen for the TYPEDEF_NAME; nothing follows here that could be a
 * declarator, so it is cleared again (`s.T + (U)1` with T and U typedef names). */
general_identifier
    : IDENTIFIER
    | TYPEDEF_NAME                  { $$ = $1; p->type_seen = false; }
    ;

/* 6.5.1 primary expressions (+ GNU statement expressions and builtins taking types) */
primary_expression
    : IDENTIFIER                    { $$ = identifier(p, @$, $1); }
    | CONSTANT                      { $$ = N(AST_CONSTANT, @$, NULL, NULL); }
    | string_literal
    | '(' expression ')'            { $$ = $2; }
    | generic_selection
    | '(' compound_statement ')'    { $$ = N(AST_STMT_EXPR, @$, $2, NULL); }
    | KW_VA_ARG '(' assignment_expression ',' type_name ')'
                                    { $$ = op(N(AST_BUILTIN, @$, $3, $5), KW_VA_ARG); }
    | KW_OFFSETOF '(' type_name ',' offsetof_member ')'
                                    { $$ = op(N(AST_BUILTIN, @$, $3, $5), KW_OFFSETOF); }
    | KW_TYPES_COMPATIBLE_P '(' type_name ',' type_name ')'
                                    { $$ = op(N(AST_BUILTIN, @$, $3, $5), KW_TYPES_COMPATIBLE_P); }
    | KW_CONVERTVECTOR '(' assignment_expression ',' type_name ')'
                                    { $$ = op(N(AST_BUILTIN, @$, $3, $5), KW_CONVERTVECTOR); }
    | KW_BIT_CAST '(' type_name ',' assignment_expression ')'
                                    { $$ = op(N(AST_BUILTIN, @$, $3, $5), KW_BIT_CAST); }
    ;

/* 6.4.5 string literals, adjacent ones concatenated */
string_literal
    : STRING_LITERAL                { $$ = N(AST_STRING, @$, NULL, NULL); }
    | string_literal STRING_LITERAL { $$ = $1; $$->end = @2.end; }
    ;

/* __builtin_offsetof(type, member.designator[i]) */
offsetof_member
    : general_identifier            { $$ = named(N(AST_DESIGNATOR_FIELD, @$, NULL, NULL), $1); }
    | offsetof_member '.' general_identifier
                                    { $$ = named(N(AST_MEMBER, @$, $1, NULL), $3); $$->op = '.'; }
    | offsetof_member '[' expression ']'
                                    { $$ = N(AST_SUBSCRIPT, @$, $1, $3); }
    ;

/* 6.5.1.1 generic selection */
generic_selection
    : KW_GENERIC '(' assignment_expression ',' generic_assoc_list ')'
                                    { $$ = N(AST_GENERIC, @$, $3, $5); }
    ;

generic_assoc_list
    : generic_association           { $$ = ast_list(p, $1); }
    | generic_assoc_list ',' generic_association
                                    { $$ = ast_list_append($1, $3); }
    ;

generic_association
    : type_name ':' assignment_expression   { $$ = N(AST_GENERIC_ASSOC, @$, $1, $3); }
    | KW_DEFAULT ':' assignment_expression  { $$ = N(AST_GENERIC_ASSOC, @$, NULL, $3); }
    ;

/* 6.5.2 postfix operators */
postfix_expression
    : primary_expression
    | postfix_expression '[' expression ']'     { $$ = N(AST_SUBSCRIPT, @$, $1, $3); }
    | postfix_expression '(' ')'                { $$ = N(AST_CALL, @$, $1, empty_list(p, @3)); }
    | postfix_expression '(' argument_expression_list ')'
                                                { $$ = N(AST_CALL, @$, $1, $3); }
    /* CUDA: kernel<<<grid, block[, shmem[, stream]]>>>(args), in code mcc moves to nvcc */
    | postfix_expression CUDA_LAUNCH_OPEN argument_expression_list CUDA_LAUNCH_CLOSE '(' ')'
                                    { $$ = N4(AST_CUDA_LAUNCH, @$, $1, $3, empty_list(p, @6), NULL); }
    | postfix_expression CUDA_LAUNCH_OPEN argument_expression_list CUDA_LAUNCH_CLOSE
      '(' argument_expression_list ')'
                                    { $$ = N4(AST_CUDA_LAUNCH, @$, $1, $3, $6, NULL); }
    | postfix_expression '.' general_identifier
                                    { $$ = op(named(N(AST_MEMBER, @$, $1, NULL), $3), '.'); }
    | postfix_expression PTR_OP general_identifier
                                    { $$ = op(named(N(AST_MEMBER, @$, $1, NULL), $3), PTR_OP); }
    | postfix_expression INC_OP     { $$ = op(N(AST_POSTFIX, @$, $1, NULL), INC_OP); }
    | postfix_expression DEC_OP     { $$ = op(N(AST_POSTFIX, @$, $1, NULL), DEC_OP); }
    | '(' type_name ')' '{' initializer_list '}'
                                    { $$ = N(AST_COMPOUND_LITERAL, @$, $2, N(AST_INIT_LIST, @4, $5, NULL)); $$->kid[1]->end = @6.end; }
    | '(' type_name ')' '{' initializer_list ',' '}'
                                    { $$ = N(AST_COMPOUND_LITERAL, @$, $2, N(AST_INIT_LIST, @4, $5, NULL)); $$->kid[1]->end = @7.end; }
    | '(' type_name ')' '{' '}'
                                    { $$ = N(AST_COMPOUND_LITERAL, @$, $2, N(AST_INIT_LIST, @4, ast_list(p, NULL), NULL)); $$->kid[1]->end = @5.end; }
    ;

argument_expression_list
    : assignment_expression         { $$ = ast_list(p, $1); }
    | argument_expression_list ',' assignment_expression
                                    { $$ = ast_list_append($1, $3); }
    ;

/* 6.5.3 unary operators (+ GNU &&label, __extension__, __real__, __imag__) */
unary_expression
    : postfix_expression
    | INC_OP unary_expression       { $$ = op(N(AST_UNARY, @$, $2, NULL), INC_OP); }
    | DEC_OP unary_expression       { $$ = op(N(AST_UNARY, @$, $2, NULL), DEC_OP); }
    | '&' cast_expression           { $$ = op(N(AST_UNARY, @$, $2, NULL), '&'); }
    | '*' cast_expression           { $$ = op(N(AST_UNARY, @$, $2, NULL), '*'); }
    | '+' cast_expression           { $$ = op(N(AST_UNARY, @$, $2, NULL), '+'); }
    | '-' cast_expression           { $$ = op(N(AST_UNARY, @$, $2, NULL), '-'); }
    | '~' cast_expression           { $$ = op(N(AST_UNARY, @$, $2, NULL), '~'); }
    | '!' cast_expression           { $$ = op(N(AST_UNARY, @$, $2, NULL), '!'); }
    | KW_REAL cast_expression       { $$ = op(N(AST_UNARY, @$, $2, NULL), KW_REAL); }
    | KW_IMAG cast_expression       { $$ = op(N(AST_UNARY, @$, $2, NULL), KW_IMAG); }
    | KW_EXTENSION cast_expression  { $$ = N(AST_EXTENSION, @$, $2, NULL); }
    | KW_SIZEOF unary_expression    { $$ = op(N(AST_SIZEOF, @$, $2, NULL), KW_SIZEOF); }
    | KW_SIZEOF '(' type_name ')'   { $$ = op(N(AST_SIZEOF, @$, $3, NULL), KW_SIZEOF); }
    | KW_ALIGNOF unary_expression   { $$ = op(N(AST_SIZEOF, @$, $2, NULL), KW_ALIGNOF); }
    | KW_ALIGNOF '(' type_name ')'  { $$ = op(N(AST_SIZEOF, @$, $3, NULL), KW_ALIGNOF); }
    | AND_OP general_identifier     { $$ = named(N(AST_LABEL_ADDR, @$, NULL, NULL), $2); }
    ;

/* 6.5.4 cast operators */
cast_expression
    : unary_expression
    | '(' type_name ')' cast_expression     { $$ = N(AST_CAST, @$, $2, $4); }
    ;

/* 6.5.5 - 6.5.14 binary operators */
multiplicative_expression
    : cast_expression
    | multiplicative_expression '*' cast_expression { $$ = op(N(AST_BINARY, @$, $1, $3), '*'); }
    | multiplicative_expression '/' cast_expression { $$ = op(N(AST_BINARY, @$, $1, $3), '/'); }
    | multiplicative_expression '%' cast_expression { $$ = op(N(AST_BINARY, @$, $1, $3), '%'); }
    ;

additive_expression
    : multiplicative_expression
    | additive_expression '+' multiplicative_expression { $$ = op(N(AST_BINARY, @$, $1, $3), '+'); }
    | additive_expression '-' multiplicative_expression { $$ = op(N(AST_BINARY, @$, $1, $3), '-'); }
    ;

shift_expression
    : additive_expression
    | shift_expression LEFT_OP additive_expression  { $$ = op(N(AST_BINARY, @$, $1, $3), LEFT_OP); }
    | shift_expression RIGHT_OP additive_expression { $$ = op(N(AST_BINARY, @$, $1, $3), RIGHT_OP); }
    ;

relational_expression
    : shift_expression
    | relational_expression '<' shift_expression    { $$ = op(N(AST_BINARY, @$, $1, $3), '<'); }
    | relational_expression '>' shift_expression    { $$ = op(N(AST_BINARY, @$, $1, $3), '>'); }
    | relational_expression LE_OP shift_expression  { $$ = op(N(AST_BINARY, @$, $1, $3), LE_OP); }
    | relational_expression GE_OP shift_expression  { $$ = op(N(AST_BINARY, @$, $1, $3), GE_OP); }
    ;

equality_expression
    : relational_expression
    | equality_expression EQ_OP relational_expression { $$ = op(N(AST_BINARY, @$, $1, $3), EQ_OP); }
    | equality_expression NE_OP relational_expression { $$ = op(N(AST_BINARY, @$, $1, $3), NE_OP); }
    ;

and_expression
    : equality_expression
    | and_expression '&' equality_expression        { $$ = op(N(AST_BINARY, @$, $1, $3), '&'); }
    ;

exclusive_or_expression
    : and_expression
    | exclusive_or_expression '^' and_expression    { $$ = op(N(AST_BINARY, @$, $1, $3), '^'); }
    ;

inclusive_or_expression
    : exclusive_or_expression
    | inclusive_or_expression '|' exclusive_or_expression { $$ = op(N(AST_BINARY, @$, $1, $3), '|'); }
    ;

logical_and_expression
    : inclusive_or_expression
    | logical_and_expression AND_OP inclusive_or_expression { $$ = op(N(AST_BINARY, @$, $1, $3), AND_OP); }
    ;

logical_or_expression
    : logical_and_expression
    | logical_or_expression OR_OP logical_and_expression { $$ = op(N(AST_BINARY, @$, $1, $3), OR_OP); }
    ;

/* 6.5.15 conditional operator (+ GNU `a ?: b`) */
conditional_expression
    : logical_or_expression
    | logical_or_expression '?' expression ':' conditional_expression
                                    { $$ = N4(AST_CONDITIONAL, @$, $1, $3, $5, NULL); }
    | logical_or_expression '?' ':' conditional_expression
                                    { $$ = N4(AST_CONDITIONAL, @$, $1, NULL, $4, NULL); }
    ;

/* 6.5.16 assignment operators */
assignment_expression
    : conditional_expression
    | unary_expression '=' assignment_expression          { $$ = op(N(AST_ASSIGN, @$, $1, $3), '='); }
    | unary_expression MUL_ASSIGN assignment_expression   { $$ = op(N(AST_ASSIGN, @$, $1, $3), MUL_ASSIGN); }
    | unary_expression DIV_ASSIGN assignment_expression   { $$ = op(N(AST_ASSIGN, @$, $1, $3), DIV_ASSIGN); }
    | unary_expression MOD_ASSIGN assignment_expression   { $$ = op(N(AST_ASSIGN, @$, $1, $3), MOD_ASSIGN); }
    | unary_expression ADD_ASSIGN assignment_expression   { $$ = op(N(AST_ASSIGN, @$, $1, $3), ADD_ASSIGN); }
    | unary_expression SUB_ASSIGN assignment_expression   { $$ = op(N(AST_ASSIGN, @$, $1, $3), SUB_ASSIGN); }
    | unary_expression LEFT_ASSIGN assignment_expression  { $$ = op(N(AST_ASSIGN, @$, $1, $3), LEFT_ASSIGN); }
    | unary_expression RIGHT_ASSIGN assignment_expression { $$ = op(N(AST_ASSIGN, @$, $1, $3), RIGHT_ASSIGN); }
    | unary_expression AND_ASSIGN assignment_expression   { $$ = op(N(AST_ASSIGN, @$, $1, $3), AND_ASSIGN); }
    | unary_expression XOR_ASSIGN assignment_expression   { $$ = op(N(AST_ASSIGN, @$, $1, $3), XOR_ASSIGN); }
    | unary_expression OR_ASSIGN assignment_expression    { $$ = op(N(AST_ASSIGN, @$, $1, $3), OR_ASSIGN); }
    ;

/* 6.5.17 comma operator */
expression
    : assignment_expression
    | expression ',' assignment_expression  { $$ = op(N(AST_BINARY, @$, $1, $3), ','); }
    ;

expression_opt
    : %empty                        { $$ = NULL; }
    | expression
    ;

/* 6.6 constant expressions */
constant_expression
    : conditional_expression
    ;

/* ==== 6.7 Declarations (A.2.2) ==== */

declaration
    : decl_specs ';'                { $$ = N(AST_DECLARATION, @$, $1, NULL); specs_pop(p); }
    | decl_specs init_declarator_list ';'
                                    { $$ = finish_declaration(N(AST_DECLARATION, @$, $1, $2)); specs_pop(p); }
    | static_assert_declaration
    ;

/* The specifiers of a declaration that declares names: kept on p->spec_stack while its
 * declarators are parsed (init_declarator needs them the moment its declarator ends). */
decl_specs
    : declaration_specifiers        { $$ = $1; specs_push(p, $1); }
    ;

declaration_specifiers
    : declaration_specifier         { $$ = N(AST_SPECS, @$, ast_list(p, NULL), NULL); specs_add($$, $1); }
    | declaration_specifiers declaration_specifier
                                    { $$ = $1; $$->end = @$.end; specs_add($$, $2); }
    ;

declaration_specifier
    : storage_class_specifier
    | type_specifier
    | type_qualifier
    | function_specifier
    | alignment_specifier
    | attribute_specifier
    ;

/* `,` between declarators: the next declarator may again redeclare a typedef name. */
init_declarator_list
    : init_declarator               { $$ = ast_list(p, $1); }
    | init_declarator_list declarator_comma init_declarator
                                    { $$ = ast_list_append($1, $3); }
    | init_declarator_list declarator_comma attribute_specifier init_declarator
                                    { $$ = ast_list_append($1, $4); }
    ;

declarator_comma
    : ','                           { struct ast *s = specs_top(p); p->type_seen = !s || (s->flags & SPEC_HAS_TYPE); }
    ;

init_declarator
    : declarator_with_suffix
    | declarator_with_suffix '=' initializer
                                    { $$ = $1; $$->kid[1] = $3; $$->end = @$.end; }
    ;

/* The declarator is complete here: declare it before its initializer is read. */
declarator_with_suffix
    : declarator decl_suffix
        {
            $$ = N(AST_INIT_DECLARATOR, @$, $1, NULL);
            $$->kid[2] = $2;
            $$->sym = sym_declare(p, specs_top(p), $1, $$, false);
        }
    ;

/* GNU: `__asm__("label")` and attributes after a declarator, in any order. */
decl_suffix
    : %empty                        { $$ = NULL; }
    | decl_suffix asm_label         { $$ = $1 ? ast_list_append($1, $2) : ast_list(p, $2); }
    | decl_suffix attribute_specifier
                                    { $$ = $1 ? ast_list_append($1, $2) : ast_list(p, $2); }
    ;

asm_label
    : KW_ASM '(' string_literal ')' { $$ = N(AST_ASM_LABEL, @$, $3, NULL); }
    ;

/* 6.7.1 storage-class specifiers */
storage_class_specifier
    : KW_TYPEDEF                    { $$ = kw_spec(p, @$, KW_TYPEDEF, false); }
    | KW_EXTERN                     { $$ = kw_spec(p, @$, KW_EXTERN, false); }
    | KW_STATIC                     { $$ = kw_spec(p, @$, KW_STATIC, false); }
    | KW_THREAD_LOCAL               { $$ = kw_spec(p, @$, KW_THREAD_LOCAL, false); }
    | KW_AUTO                       { $$ = kw_spec(p, @$, KW_AUTO, false); }
    | KW_REGISTER                   { $$ = kw_spec(p, @$, KW_REGISTER, false); }
    ;

/* 6.7.2 type specifiers: each one sets type_seen (struct mcc_parser).  Only in reductions
 * bison makes before reading the next token (the state after the specifier's last token
 * holds that one rule); a tag without a body is only known after the next token, so the
 * lexer sets the flag when it returns the tag, as it does for a TYPEDEF_NAME. */
type_specifier
    : KW_VOID                       { $$ = kw_spec(p, @$, KW_VOID, true); }
    | KW_CHAR                       { $$ = kw_spec(p, @$, KW_CHAR, true); }
    | KW_SHORT                      { $$ = kw_spec(p, @$, KW_SHORT, true); }
    | KW_INT                        { $$ = kw_spec(p, @$, KW_INT, true); }
    | KW_LONG                       { $$ = kw_spec(p, @$, KW_LONG, true); }
    | KW_FLOAT                      { $$ = kw_spec(p, @$, KW_FLOAT, true); }
    | KW_DOUBLE                     { $$ = kw_spec(p, @$, KW_DOUBLE, true); }
    | KW_SIGNED                     { $$ = kw_spec(p, @$, KW_SIGNED, true); }
    | KW_UNSIGNED                   { $$ = kw_spec(p, @$, KW_UNSIGNED, true); }
    | KW_BOOL                       { $$ = kw_spec(p, @$, KW_BOOL, true); }
    | KW_COMPLEX                    { $$ = kw_spec(p, @$, KW_COMPLEX, true); }
    | KW_IMAGINARY                  { $$ = kw_spec(p, @$, KW_IMAGINARY, true); }
    | KW_INT128                     { $$ = kw_spec(p, @$, KW_INT128, true); }
    | KW_FLOATN                     { $$ = kw_spec(p, @$, KW_FLOATN, true); }
    | KW_AUTO_TYPE                  { $$ = kw_spec(p, @$, KW_AUTO_TYPE, true); }
    | atomic_type_specifier         { $$ = $1; p->type_seen = true; }
    | struct_or_union_specifier     /* type_seen: set when the '}' or the tag is read */
    | enum_specifier
    | typeof_specifier              { $$ = $1; p->type_seen = true; }
    | TYPEDEF_NAME
        {
            $$ = named(N(AST_TYPEDEF_REF, @$, NULL, NULL), $1);
            $$->sym = $1->ord;
            p->type_seen = true;
        }
    ;

/* 6.7.2.1 structure and union specifiers */
struct_or_union_specifier
    : struct_or_union attributes_opt '{' struct_body '}'
        { p->type_seen = true; $$ = $1; $$->end = @$.end; $$->kid[0] = $4; $$->kid[1] = $2; }
    | struct_or_union attributes_opt general_identifier '{' struct_body '}'
        { p->type_seen = true; $$ = named($1, $3); $$->end = @$.end; $$->kid[0] = $5; $$->kid[1] = $2; sym_declare_tag(p, $$, true); }
    | struct_or_union attributes_opt general_identifier
        { $$ = named($1, $3); $$->end = @$.end; $$->kid[1] = $2; sym_declare_tag(p, $$, false); }
    ;

struct_or_union
    : KW_STRUCT                     { $$ = op(N(AST_STRUCT, @$, NULL, NULL), KW_STRUCT); }
    | KW_UNION                      { $$ = op(N(AST_STRUCT, @$, NULL, NULL), KW_UNION); }
    ;

/* GNU C accepts the last member without its ';'. */
struct_body
    : struct_declaration_list
    | struct_declaration_list specifier_qualifier_list struct_declarator_list
                                    { YYLTYPE l = { @2.begin, @3.end }; $$ = ast_list_append($1, N(AST_STRUCT_DECL, l, $2, $3)); }
    ;

struct_declaration_list
    : %empty                        { $$ = ast_list(p, NULL); }
    | struct_declaration_list struct_declaration
                                    { $$ = $2 ? ast_list_append($1, $2) : $1; }
    ;

struct_declaration
    : specifier_qualifier_list ';'  { $$ = N(AST_STRUCT_DECL, @$, $1, NULL); }
    | specifier_qualifier_list struct_declarator_list ';'
                                    { $$ = N(AST_STRUCT_DECL, @$, $1, $2); }
    | static_assert_declaration
    | ';'                           { $$ = NULL; }
    | KW_EXTENSION struct_declaration
                                    { $$ = $2; if ($$) $$->begin = @$.begin; }
    ;

specifier_qualifier_list
    : specifier_qualifier           { $$ = N(AST_SPECS, @$, ast_list(p, NULL), NULL); specs_add($$, $1); }
    | specifier_qualifier_list specifier_qualifier
                                    { $$ = $1; $$->end = @$.end; specs_add($$, $2); }
    ;

specifier_qualifier
    : type_specifier
    | type_qualifier
    | alignment_specifier
    | attribute_specifier
    ;

struct_declarator_list
    : struct_declarator             { $$ = ast_list(p, $1); }
    | struct_declarator_list ',' struct_declarator_comma struct_declarator
                                    { $$ = ast_list_append($1, $4); }
    ;

struct_declarator_comma
    : %empty                        { p->type_seen = true; }
    ;

struct_declarator
    : declarator decl_suffix        { $$ = $1; }
    | ':' constant_expression decl_suffix
                                    { $$ = N(AST_DECL_BITFIELD, @$, NULL, $2); }
    | declarator ':' constant_expression decl_suffix
                                    { $$ = N(AST_DECL_BITFIELD, @$, $1, $3); }
    ;

/* 6.7.2.2 enumeration specifiers */
enum_specifier
    : KW_ENUM attributes_opt '{' enumerator_list '}'
        { $$ = N(AST_ENUM, @$, $4, $2); p->type_seen = true; }
    | KW_ENUM attributes_opt '{' enumerator_list ',' '}'
        { $$ = N(AST_ENUM, @$, $4, $2); p->type_seen = true; }
    | KW_ENUM attributes_opt general_identifier '{' enumerator_list '}'
        { $$ = named(N(AST_ENUM, @$, $5, $2), $3); sym_declare_tag(p, $$, true); p->type_seen = true; }
    | KW_ENUM attributes_opt general_identifier '{' enumerator_list ',' '}'
        { $$ = named(N(AST_ENUM, @$, $5, $2), $3); sym_declare_tag(p, $$, true); p->type_seen = true; }
    | KW_ENUM attributes_opt general_identifier
        { $$ = named(N(AST_ENUM, @$, NULL, $2), $3); sym_declare_tag(p, $$, false); }
    ;

enumerator_list
    : enumerator                    { $$ = ast_list(p, $1); }
    | enumerator_list ',' enumerator
                                    { if ($3->sym && $1->kid[1])
                                          $3->sym->enum_prev = $1->kid[1]->sym;
                                      $$ = ast_list_append($1, $3); }
    ;

/* The constant is declared at once: later enumerators may use it. */
enumerator
    : general_identifier attributes_opt
        { $$ = named(N(AST_ENUMERATOR, @$, NULL, NULL), $1); sym_declare_enum_const(p, $$); }
    | general_identifier attributes_opt '=' constant_expression
        { $$ = named(N(AST_ENUMERATOR, @$, $4, NULL), $1); sym_declare_enum_const(p, $$); }
    ;

/* 6.7.2.4 atomic type specifiers */
atomic_type_specifier
    : KW_ATOMIC '(' type_name ')'   { $$ = op(N(AST_SPECIFIER, @$, $3, NULL), KW_ATOMIC); }
    ;

/* GNU typeof */
typeof_specifier
    : KW_TYPEOF '(' expression ')'  { $$ = N(AST_TYPEOF, @$, $3, NULL); }
    | KW_TYPEOF '(' type_name ')'   { $$ = N(AST_TYPEOF, @$, $3, NULL); }
    ;

/* 6.7.3 type qualifiers */
type_qualifier
    : KW_CONST                      { $$ = kw_spec(p, @$, KW_CONST, false); }
    | KW_RESTRICT                   { $$ = kw_spec(p, @$, KW_RESTRICT, false); }
    | KW_VOLATILE                   { $$ = kw_spec(p, @$, KW_VOLATILE, false); }
    | KW_ATOMIC                     { $$ = kw_spec(p, @$, KW_ATOMIC, false); }
    ;

/* 6.7.4 function specifiers */
function_specifier
    : KW_INLINE                     { $$ = kw_spec(p, @$, KW_INLINE, false); }
    | KW_NORETURN                   { $$ = kw_spec(p, @$, KW_NORETURN, false); }
    ;

/* 6.7.5 alignment specifier */
alignment_specifier
    : KW_ALIGNAS '(' type_name ')'  { $$ = op(N(AST_SPECIFIER, @$, $3, NULL), KW_ALIGNAS); }
    | KW_ALIGNAS '(' constant_expression ')'
                                    { $$ = op(N(AST_SPECIFIER, @$, $3, NULL), KW_ALIGNAS); }
    ;

/* GNU attributes: kept as balanced token lists (the output must compile again) */
attribute_specifier
    : KW_ATTRIBUTE '(' balanced_tokens ')'  { $$ = N(AST_ATTRIBUTE, @$, NULL, NULL); }
    ;

attributes_opt
    : %empty                        { $$ = NULL; }
    | attributes_opt attribute_specifier
                                    { $$ = $1 ? ast_list_append($1, $2) : ast_list(p, $2); }
    ;

balanced_tokens
    : %empty
    | balanced_tokens balanced_token
    ;

balanced_token
    : '(' balanced_tokens ')'
    | '[' balanced_tokens ']'
    | '{' balanced_tokens '}'
    | any_token
    ;

any_token
    : IDENTIFIER | TYPEDEF_NAME | CONSTANT | STRING_LITERAL | ERROR_TOKEN
    | ELLIPSIS | RIGHT_ASSIGN | LEFT_ASSIGN | ADD_ASSIGN | SUB_ASSIGN | MUL_ASSIGN
    | DIV_ASSIGN | MOD_ASSIGN | AND_ASSIGN | XOR_ASSIGN | OR_ASSIGN | RIGHT_OP | LEFT_OP
    | INC_OP | DEC_OP | PTR_OP | AND_OP | OR_OP | LE_OP | GE_OP | EQ_OP | NE_OP
    | ';' | ',' | ':' | '=' | '.' | '&' | '!' | '~' | '-' | '+' | '*' | '/' | '%'
    | '<' | '>' | '^' | '|' | '?'
    | KW_AUTO | KW_BREAK | KW_CASE | KW_CHAR | KW_CONST | KW_CONTINUE | KW_DEFAULT | KW_DO
    | KW_DOUBLE | KW_ELSE | KW_ENUM | KW_EXTERN | KW_FLOAT | KW_FOR | KW_GOTO | KW_IF
    | KW_INLINE | KW_INT | KW_LONG | KW_REGISTER | KW_RESTRICT | KW_RETURN | KW_SHORT
    | KW_SIGNED | KW_SIZEOF | KW_STATIC | KW_STRUCT | KW_SWITCH | KW_TYPEDEF | KW_UNION
    | KW_UNSIGNED | KW_VOID | KW_VOLATILE | KW_WHILE | KW_ALIGNAS | KW_ALIGNOF | KW_ATOMIC
    | KW_BOOL | KW_COMPLEX | KW_GENERIC | KW_IMAGINARY | KW_NORETURN | KW_STATIC_ASSERT
    | KW_THREAD_LOCAL | KW_ASM | KW_ATTRIBUTE | KW_EXTENSION | KW_TYPEOF | KW_AUTO_TYPE
    | KW_LABEL | KW_INT128 | KW_FLOATN | KW_REAL | KW_IMAG | KW_VA_ARG | KW_OFFSETOF
    | KW_TYPES_COMPATIBLE_P | KW_CONVERTVECTOR | KW_BIT_CAST
    ;

/* 6.7.6 declarators */
declarator
    : pointer direct_declarator     { $$ = wrap_pointer($1, $2); }
    | direct_declarator
    ;

direct_declarator
    : IDENTIFIER                    { $$ = named(N(AST_DECL_NAME, @$, NULL, NULL), $1); }
    | '(' declarator ')'            { $$ = $2; }
    | '(' attribute_specifier declarator ')'
                                    { $$ = $3; }
    | direct_declarator array_open array_suffix ']'
                                    { $$ = N(AST_DECL_ARRAY, @$, $1, $3); flag_restore(p); }
    | direct_declarator param_open parameter_type_list ')'
                                    { $$ = N(AST_DECL_FUNCTION, @$, $1, $3); scope_pop(p); flag_restore(p); }
    | direct_declarator param_open ')'
                                    { $$ = N(AST_DECL_FUNCTION, @$, $1, empty_list(p, @3)); scope_pop(p); flag_restore(p); }
    | direct_declarator param_open parameter_forward_list parameter_type_list ')'
        {
            $4->kid[2] = ast_new(p, AST_LIST, @3.begin, @3.end);
            $$ = N(AST_DECL_FUNCTION, @$, $1, $4);
            scope_pop(p);
            flag_restore(p);
        }
    | direct_declarator param_open identifier_list ')'
        {
            /* K&R: the declarations of the parameters follow, they may start with a
             * typedef name. */
            $$ = N(AST_DECL_FUNCTION, @$, $1, $3);
            $$->op = IDENTIFIER;
            scope_pop(p);
            flag_restore(p);
            p->type_seen = false;
        }
    ;

/* `[` and `(` after a declarator: types may start again inside (type_seen saved). */
array_open
    : '['                           { flag_save(p); }
    ;

param_open
    : '('                           { flag_save(p); scope_push(p, SCOPE_PROTOTYPE); }
    ;

array_suffix
    : type_qualifier_list_opt       { $$ = NULL; }
    | type_qualifier_list_opt assignment_expression         { $$ = $2; }
    | KW_STATIC type_qualifier_list_opt assignment_expression { $$ = $3; }
    | type_qualifier_list KW_STATIC assignment_expression   { $$ = $3; }
    | type_qualifier_list_opt '*'   { $$ = NULL; }
    ;

pointer
    : '*' type_qualifier_list_opt   { $$ = N(AST_DECL_POINTER, @$, NULL, $2); }
    | '*' type_qualifier_list_opt pointer
                                    { $$ = N(AST_DECL_POINTER, @$, $3, $2); }
    ;

type_qualifier_list_opt
    : %empty                        { $$ = NULL; }
    | type_qualifier_list
    ;

type_qualifier_list
    : type_qualifier                { $$ = ast_list(p, $1); }
    | attribute_specifier           { $$ = ast_list(p, $1); }
    | type_qualifier_list type_qualifier       { $$ = ast_list_append($1, $2); }
    | type_qualifier_list attribute_specifier  { $$ = ast_list_append($1, $2); }
    ;

parameter_type_list
    : parameter_list
    | parameter_list ',' ELLIPSIS   { $$ = ast_list_append($1, N(AST_ELLIPSIS, @3, NULL, NULL)); }
    ;

parameter_list
    : parameter_declaration         { $$ = ast_list(p, $1); }
    | parameter_list ',' parameter_declaration
                                    { $$ = ast_list_append($1, $3); }
    ;

/* GNU forward parameter declarations, `f(int m; int n, double a[n][m], int m)`: names the
 * sizes of earlier parameters use; the parameter of that name later in the list is the
 * same symbol (sym_declare). */
parameter_forward_list
    : parameter_list ';'            { forward_params($1); }
    | parameter_forward_list parameter_list ';'
                                    { forward_params($2); }
    ;

/* A parameter ends its specifiers' reign: the next one starts afresh. */
parameter_declaration
    : declaration_specifiers declarator decl_suffix
        {
            $$ = N(AST_PARAM, @$, $1, $2);
            $$->sym = sym_declare(p, $1, $2, $$, true);
            p->type_seen = false;
        }
    | declaration_specifiers abstract_declarator
        { $$ = N(AST_PARAM, @$, $1, $2); p->type_seen = false; }
    | declaration_specifiers
        { $$ = N(AST_PARAM, @$, $1, NULL); p->type_seen = false; }
    ;

identifier_list
    : IDENTIFIER                    { $$ = ast_list(p, named(N(AST_DECL_NAME, @$, NULL, NULL), $1)); }
    | identifier_list ',' IDENTIFIER
                                    { $$ = ast_list_append($1, named(N(AST_DECL_NAME, @3, NULL, NULL), $3)); }
    ;

/* 6.7.7 type names */
type_name
    : specifier_qualifier_list      { $$ = N(AST_TYPE_NAME, @$, $1, NULL); p->type_seen = false; }
    | specifier_qualifier_list abstract_declarator
                                    { $$ = N(AST_TYPE_NAME, @$, $1, $2); p->type_seen = false; }
    ;

abstract_declarator
    : pointer                       { $$ = $1; }
    | pointer direct_abstract_declarator    { $$ = wrap_pointer($1, $2); }
    | direct_abstract_declarator
    ;

direct_abstract_declarator
    : '(' abstract_declarator ')'   { $$ = $2; }
    | '[' array_suffix ']'          { $$ = N(AST_DECL_ARRAY, @$, NULL, $2); }
    | direct_abstract_declarator array_open array_suffix ']'
                                    { $$ = N(AST_DECL_ARRAY, @$, $1, $3); flag_restore(p); }
    | '(' ')'                       { $$ = N(AST_DECL_FUNCTION, @$, NULL, ast_list(p, NULL)); }
    | '(' parameter_type_list ')'   { $$ = N(AST_DECL_FUNCTION, @$, NULL, $2); }
    | direct_abstract_declarator param_open ')'
                                    { $$ = N(AST_DECL_FUNCTION, @$, $1, ast_list(p, NULL)); scope_pop(p); flag_restore(p); }
    | direct_abstract_declarator param_open parameter_type_list ')'
                                    { $$ = N(AST_DECL_FUNCTION, @$, $1, $3); scope_pop(p); flag_restore(p); }
    ;

/* 6.7.9 initialization */
initializer
    : assignment_expression
    | '{' initializer_list '}'      { $$ = N(AST_INIT_LIST, @$, $2, NULL); }
    | '{' initializer_list ',' '}'  { $$ = N(AST_INIT_LIST, @$, $2, NULL); }
    | '{' '}'                       { $$ = N(AST_INIT_LIST, @$, ast_list(p, NULL), NULL); }
    ;

initializer_list
    : initializer                   { $$ = ast_list(p, $1); }
    | designation initializer       { $$ = ast_list(p, N(AST_DESIGNATION, @$, $1, $2)); }
    | initializer_list ',' initializer
                                    { $$ = ast_list_append($1, $3); }
    | initializer_list ',' designation initializer
                                    { YYLTYPE l = { @3.begin, @4.end }; $$ = ast_list_append($1, N(AST_DESIGNATION, l, $3, $4)); }
    ;

designation
    : designator_list '='
    | IDENTIFIER ':'                /* GNU obsolete `field: value` (gcc accepts it) */
        { $$ = ast_list(p, named(N(AST_DESIGNATOR_FIELD, @1, NULL, NULL), $1)); }
    ;

designator_list
    : designator                    { $$ = ast_list(p, $1); }
    | designator_list designator    { $$ = ast_list_append($1, $2); }
    ;

designator
    : '[' constant_expression ']'   { $$ = N(AST_DESIGNATOR_INDEX, @$, $2, NULL); }
    | '[' constant_expression ELLIPSIS constant_expression ']'
                                    { $$ = N(AST_DESIGNATOR_INDEX, @$, $2, $4); }
    | '.' general_identifier        { $$ = named(N(AST_DESIGNATOR_FIELD, @$, NULL, NULL), $2); }
    ;

/* 6.7.10 static assertions */
static_assert_declaration
    : KW_STATIC_ASSERT '(' constant_expression ',' string_literal ')' ';'
                                    { $$ = N(AST_STATIC_ASSERT, @$, $3, $5); }
    | KW_STATIC_ASSERT '(' constant_expression ')' ';'
                                    { $$ = N(AST_STATIC_ASSERT, @$, $3, NULL); }
    ;

/* ==== 6.8 Statements and blocks (A.2.3) ==== */

statement
    : labeled_statement
    | compound_statement
    | expression_statement
    | selection_statement
    | iteration_statement
    | jump_statement
    | asm_statement
    | PRAGMA_OMP_STANDALONE         { $$ = $1; }
    ;

/* The body of if/else/while/do/for/labels: `#pragma omp` lines may come first and are
 * attached to it. */
sub_statement
    : statement
    | PRAGMA_OMP sub_statement      { $$ = $2; ast_attach_pragma($1, $2); }
    ;

/* 6.8.1 labeled statements (+ GNU case ranges, label attributes) */
labeled_statement
    : IDENTIFIER ':' attributes_opt sub_statement
        { $$ = named(N(AST_LABEL, @$, $4, NULL), $1); $$->sym = sym_label(p, $$, true); }
    | TYPEDEF_NAME ':' label_colon attributes_opt sub_statement
        { $$ = named(N(AST_LABEL, @$, $5, NULL), $1); $$->sym = sym_label(p, $$, true); }
    | KW_CASE constant_expression ':' sub_statement
                                    { $$ = N4(AST_CASE, @$, $2, NULL, $4, NULL); }
    | KW_CASE constant_expression ELLIPSIS constant_expression ':' sub_statement
                                    { $$ = N4(AST_CASE, @$, $2, $4, $6, NULL); }
    | KW_DEFAULT ':' sub_statement  { $$ = N(AST_DEFAULT, @$, $3, NULL); }
    ;

/* After `T:` with T a typedef name used as a label: the lexer set type_seen for T, and a
 * statement follows, not a declarator: clear it before the statement is read, so that a
 * cast such as `T: return (U)1;` still sees U as a type. */
label_colon
    : %empty                        { p->type_seen = false; }
    ;

/* 6.8.2 compound statement */
compound_statement
    : block_open block_item_list '}'
        {
            $$ = N(AST_COMPOUND, @$, $2, NULL);
            if (!$2->kid[0])
                $2->begin = $2->end = @3.begin;   /* an empty block: the list sits before '}' */
            scope_pop(p);
        }
    ;

block_open
    : '{'                           { scope_push(p, SCOPE_BLOCK); }
    ;

block_item_list
    : %empty                        { $$ = ast_list(p, NULL); }
    | block_item_list block_item    { $$ = ast_list_append_item($1, $2); }
    ;

block_item
    : declaration
    | statement
    | PRAGMA_OMP                    { $$ = $1; }
    | local_label_declaration
    | function_definition           /* GNU nested function */
    | IDENTIFIER ':' declaration    /* labels before a declaration (C23, gcc 11) */
        { $$ = named(N(AST_LABEL, @$, $3, NULL), $1); $$->sym = sym_label(p, $$, true); }
    | KW_CASE constant_expression ':' declaration
                                    { $$ = N4(AST_CASE, @$, $2, NULL, $4, NULL); }
    | KW_CASE constant_expression ELLIPSIS constant_expression ':' declaration
                                    { $$ = N4(AST_CASE, @$, $2, $4, $6, NULL); }
    | KW_DEFAULT ':' declaration    { $$ = N(AST_DEFAULT, @$, $3, NULL); }
    | KW_EXTENSION declaration      { $$ = $2; $$->begin = @$.begin; }
    ;

/* GNU __label__ a, b; */
local_label_declaration
    : KW_LABEL label_name_list ';'  { $$ = N(AST_LOCAL_LABEL, @$, $2, NULL); }
    ;

/* Label names live in their own namespace: a typedef name is a label name here too. */
label_name_list
    : general_identifier            { $$ = ast_list(p, named(N(AST_DECL_NAME, @$, NULL, NULL), $1)); }
    | label_name_list ',' general_identifier
                                    { $$ = ast_list_append($1, named(N(AST_DECL_NAME, @3, NULL, NULL), $3)); }
    ;

/* 6.8.3 expression and null statements */
expression_statement
    : ';'                           { $$ = N(AST_EXPR_STMT, @$, NULL, NULL); }
    | expression ';'                { $$ = N(AST_EXPR_STMT, @$, $1, NULL); }
    ;

/* 6.8.4 selection statements */
selection_statement
    : KW_IF '(' expression ')' sub_statement
                                    { $$ = N4(AST_IF, @$, $3, $5, NULL, NULL); }
    | KW_IF '(' expression ')' sub_statement KW_ELSE sub_statement
                                    { $$ = N4(AST_IF, @$, $3, $5, $7, NULL); }
    | KW_SWITCH '(' expression ')' sub_statement
                                    { $$ = N(AST_SWITCH, @$, $3, $5); }
    ;

/* 6.8.5 iteration statements; a for's declaration has a scope of its own */
iteration_statement
    : KW_WHILE '(' expression ')' sub_statement
                                    { $$ = N(AST_WHILE, @$, $3, $5); }
    | KW_DO sub_statement KW_WHILE '(' expression ')' ';'
                                    { $$ = N(AST_DO, @$, $2, $5); }
    | for_open expression_opt ';' expression_opt ';' expression_opt ')' sub_statement
                                    { $$ = N4(AST_FOR, @$, $2, $4, $6, $8); scope_pop(p); }
    | for_open declaration expression_opt ';' expression_opt ')' sub_statement
                                    { $$ = N4(AST_FOR, @$, $2, $3, $5, $7); scope_pop(p); }
    ;

for_open
    : KW_FOR '('                    { scope_push(p, SCOPE_BLOCK); }
    ;

/* 6.8.6 jump statements (+ GNU computed goto) */
jump_statement
    : KW_GOTO general_identifier ';'
        { $$ = named(N(AST_GOTO, @$, NULL, NULL), $2); $$->sym = sym_label(p, $$, false); }
    | KW_GOTO '*' expression ';'    { $$ = N(AST_GOTO, @$, $3, NULL); }
    | KW_CONTINUE ';'               { $$ = N(AST_CONTINUE, @$, NULL, NULL); }
    | KW_BREAK ';'                  { $$ = N(AST_BREAK, @$, NULL, NULL); }
    | KW_RETURN expression_opt ';'  { $$ = N(AST_RETURN, @$, $2, NULL); }
    ;

/* GNU asm statements: asm [volatile] [inline] [goto] (template : outputs : inputs :
 * clobbers : labels); the operand expressions are parsed (kid0: their list) so that names
 * used in them resolve like any other. */
asm_statement
    : KW_ASM asm_qualifiers '(' asm_argument ')' ';'
                                    { $$ = N(AST_ASM_STMT, @$, $4, NULL); }
    ;

asm_argument
    : string_literal                { $$ = ast_list(p, NULL); }
    | string_literal ':' asm_operands
                                    { $$ = $3; }
    | string_literal ':' asm_operands ':' asm_operands
                                    { $$ = $3; ast_list_append_all($$, $5); }
    | string_literal ':' asm_operands ':' asm_operands ':' asm_clobbers
                                    { $$ = $3; ast_list_append_all($$, $5); }
    | string_literal ':' asm_operands ':' asm_operands ':' asm_clobbers ':' asm_goto_labels
                                    { $$ = $3; ast_list_append_all($$, $5); }
    ;

asm_operands
    : %empty                        { $$ = ast_list(p, NULL); }
    | asm_operand_list
    ;

asm_operand_list
    : asm_operand                   { $$ = ast_list(p, $1); }
    | asm_operand_list ',' asm_operand
                                    { $$ = ast_list_append($1, $3); }
    ;

/* [name] "constraint" (expression): the expression stands for the operand */
asm_operand
    : string_literal '(' expression ')'     { $$ = $3; }
    | '[' general_identifier ']' string_literal '(' expression ')'
                                            { $$ = $6; }
    ;

asm_clobbers
    : %empty
    | string_literal
    | asm_clobbers ',' string_literal
    ;

asm_goto_labels
    : general_identifier
        { struct ast *g = named(N(AST_GOTO, @$, NULL, NULL), $1); g->sym = sym_label(p, g, false); }
    | asm_goto_labels ',' general_identifier
        { struct ast *g = named(N(AST_GOTO, @3, NULL, NULL), $3); g->sym = sym_label(p, g, false); }
    ;

asm_qualifiers
    : %empty
    | asm_qualifiers KW_VOLATILE
    | asm_qualifiers KW_INLINE
    | asm_qualifiers KW_GOTO
    ;

/* ==== 6.9 External definitions (A.2.4) ==== */

translation_unit_top
    : translation_unit              { p->tu = N(AST_TRANSLATION_UNIT, @$, $1, NULL); p->tu->begin = 0; p->tu->end = p->src->len; }
    ;

translation_unit
    : %empty                        { $$ = ast_list(p, NULL); }
    | translation_unit external_declaration
                                    { $$ = $2 ? ast_list_append_item($1, $2) : $1; }
    ;

external_declaration
    : function_definition
    | declarator fn_begin_implicit declaration_list compound_statement
                                    { $$ = end_function(p, @$, $2, $3, $4); }
    | declaration
    | ';'                           { $$ = NULL; }
    | PRAGMA_OMP                    { $$ = $1; }
    | PRAGMA_OMP_STANDALONE         { $$ = $1; }
    | KW_ASM '(' balanced_tokens ')' ';'
                                    { $$ = N(AST_ASM_DEF, @$, NULL, NULL); }
    | KW_EXTENSION external_declaration
                                    { $$ = $2; if ($$) $$->begin = @$.begin; }
    ;

/* 6.9.1 function definitions (K&R parameter declarations allowed; at file scope also
 * the implicit int of `main() { }`, in external_declaration) */
function_definition
    : decl_specs declarator fn_begin declaration_list compound_statement
                                    { $$ = end_function(p, @$, $3, $4, $5); specs_pop(p); }
    ;

/* The function is declared and its parameters made visible before its body. */
fn_begin
    : %empty                        { $$ = begin_function(p, $<node>-1, $<node>0); }
    ;

fn_begin_implicit
    : %empty                        { $$ = begin_function(p, NULL, $<node>0); }
    ;

/* K&R parameter declarations.  Their specifiers may not start with an attribute: after
 * a declarator, `__attribute__` belongs to that declarator (a prototype's attributes). */
declaration_list
    : %empty                        { $$ = NULL; }
    | declaration_list kr_declaration
                                    { $$ = $1 ? ast_list_append($1, $2) : ast_list(p, $2); }
    ;

kr_declaration
    : kr_specs init_declarator_list ';'
                                    { $$ = finish_declaration(N(AST_DECLARATION, @$, $1, $2)); specs_pop(p);
                                      sym_kr_params($$); }
    ;

kr_specs
    : kr_specs_list                 { $$ = $1; specs_push(p, $1); }
    ;

kr_specs_list
    : kr_first_specifier            { $$ = N(AST_SPECS, @$, ast_list(p, NULL), NULL); specs_add($$, $1); }
    | kr_specs_list declaration_specifier
                                    { $$ = $1; $$->end = @$.end; specs_add($$, $2); }
    ;

kr_first_specifier
    : storage_class_specifier
    | type_specifier
    | type_qualifier
    | function_specifier
    | alignment_specifier
    ;

%%

/* How a token kind reads in a message: keywords and punctuators quoted, kinds plain. */
static void put_symbol(char *buf, size_t size, size_t *len, yysymbol_kind_t k)
{
    const char *name = k == YYSYMBOL_YYEOF ? "end of input" : yysymbol_name(k);
    char tmp[64];
    if (name[0] == '"') {
        size_t n = strlen(name) - 2;
        if (n > sizeof tmp - 1)
            n = sizeof tmp - 1;
        memcpy(tmp, name + 1, n);
        tmp[n] = '\0';
        name = tmp;
    }
    bool plain = k == YYSYMBOL_YYEOF || k == YYSYMBOL_IDENTIFIER || k == YYSYMBOL_TYPEDEF_NAME ||
                 k == YYSYMBOL_CONSTANT || k == YYSYMBOL_STRING_LITERAL ||
                 k == YYSYMBOL_PRAGMA_OMP || k == YYSYMBOL_PRAGMA_OMP_STANDALONE ||
                 k == YYSYMBOL_ERROR_TOKEN || name[0] == '\'';
    int n = snprintf(buf + *len, size - *len, plain ? "%s" : "'%s'", name);
    if (n > 0 && (size_t)n < size - *len)
        *len += (size_t)n;
}

/* "unknown type name 'T'" at T (begin, end), when T is undeclared (or any_name: T is no
 * typedef name, whatever else it names); with the header to include for the types of
 * omp.h (`omp_..._t`).  False when T is declared. */
static bool unknown_type_at(struct mcc_parser *p, size_t begin, size_t end, bool any_name)
{
    const char *name = p->src->text + begin;
    int len = (int)(end - begin);
    if (!any_name && name_intern(p, name, (size_t)len)->ord)
        return false;                   /* a declared object or function: not a type */
    struct mcc_loc loc = source_user_loc(p->src, begin);
    mcc_error_at(&loc, "unknown type name '%.*s'", len, name);
    if (len > 6 && !memcmp(name, "omp_", 4) && !memcmp(name + len - 2, "_t", 2))
        mcc_note_at(&loc, "'%.*s' is defined in header '<omp.h>'; did you forget to "
                    "'#include <omp.h>'?", len, name);
    p->errors++;
    return true;
}

/* Can a type name follow a token of this kind (a qualifier or a storage class, which
 * parse with an implicit int when no type comes: `const T *p` took T for the name)? */
static bool before_type(int kind)
{
    switch (kind) {
    case KW_CONST: case KW_VOLATILE: case KW_RESTRICT: case KW_STATIC:
    case KW_EXTERN: case KW_REGISTER: case KW_THREAD_LOCAL: case KW_INLINE:
        return true;
    default:
        return false;
    }
}

/* An undeclared identifier meant as a type, as gcc tells it: where only declaration
 * specifiers may come (`void f(int n, omp_lock_t *l)`), or right before a syntax error at
 * a declarator's name (`omp_lock_t l;`) or at the `*` after a first parameter
 * (`void f(omp_lock_t *l)`, which began as a K&R identifier list) or after a qualifier or
 * storage class (`const uchar *img`, an OpenCL type in a kernel's host prototype). */
static bool unknown_type_name(struct mcc_parser *p, const YYLTYPE *look, bool specs_only)
{
    if (look->begin != p->last_begin)
        return false;
    if (p->last_kind == IDENTIFIER && specs_only)
        return unknown_type_at(p, look->begin, look->end, false);
    if (p->prev_kind != IDENTIFIER)
        return false;
    if (p->last_kind == '*' && before_type(p->prev2_kind))  /* T was declared the name */
        return unknown_type_at(p, p->prev_begin, p->prev_end, true);
    if (!(p->last_kind == IDENTIFIER || (p->last_kind == '*' && p->prev2_kind == '(')))
        return false;
    return unknown_type_at(p, p->prev_begin, p->prev_end, false);
}

/* A construct's pragma right before a `}` (`#pragma omp task` then `}`) left its block
 * without the statement it applies to, and that `}` ended the block the user meant to end
 * later: the syntax error that follows is said at the pragma, as gcc does ("expected
 * expression before '}'"), in the lowering's words.  False when there is none. */
static bool dangling_pragma(struct mcc_parser *p)
{
    static const char *const words[] = { "parallel", "for", "sections", "master", "masked",
                                         "loop", "task", "taskloop", "simd", "critical",
                                         "atomic", "single", "ordered", "taskgroup",
                                         "taskgraph", "scope", "section", "target", "teams",
                                         "distribute" };
    if (!p->dangling_pragma)
        return false;
    size_t at = p->dangling_pragma - 1;
    if (at >= p->src->len)
        return false;
    /* The source is not NUL-terminated (mcc_translate_buffer takes a length): every search
     * here stays within it. */
    const char *t = p->src->text + at, *e = p->src->text + p->src->len;
    const char *omp = memmem(t, (size_t)(e - t), "omp", 3);
    if (!omp)
        return false;
    const char *w = omp + 3, *first = NULL, *last = NULL;
    for (;;) {
        while (w < e && (*w == ' ' || *w == '\t'))
            w++;
        const char *we = w;
        while (we < e && ((*we >= 'a' && *we <= 'z') || *we == '_'))
            we++;
        bool known = false;
        for (size_t i = 0; i < sizeof words / sizeof words[0] && we > w; i++)
            known |= strlen(words[i]) == (size_t)(we - w) && !memcmp(words[i], w, (size_t)(we - w));
        if (!known)
            break;
        if (!first)
            first = w;
        last = we;
        w = we;
    }
    if (!first)
        return false;
    struct mcc_loc loc = source_user_loc(p->src, (size_t)(first - p->src->text));
    bool task = last - first == 4 && !memcmp(first, "task", 4);
    mcc_error_at(&loc, "'#pragma omp %.*s' must be followed by a statement%s",
                 (int)(last - first), first, task ? " or a function declaration" : "");
    p->errors++;
    return true;
}

/* gcc's wording: "expected ';' before 'return'", "expected '}' at end of input". */
static int yyreport_syntax_error(const yypcontext_t *ctx, struct mcc_parser *p)
{
    enum { MAX_LISTED = 4 };
    yysymbol_kind_t expected[YYNTOKENS];
    int n = yypcontext_expected_tokens(ctx, expected, YYNTOKENS);
    yysymbol_kind_t look = yypcontext_token(ctx);
    const YYLTYPE *l = yypcontext_location(ctx);
    size_t at = look == YYSYMBOL_YYEOF ? p->last_begin : l->begin;
    char what[512];
    size_t len = 0;
    what[0] = '\0';
    bool expr = false, type = false, stmt = false;
    for (int i = 0; i < n; i++) {
        expr |= expected[i] == YYSYMBOL_CONSTANT;
        type |= expected[i] == YYSYMBOL_KW_INT;
        stmt |= expected[i] == YYSYMBOL_KW_RETURN;
    }
    if (dangling_pragma(p) ||
        (look != YYSYMBOL_YYEOF && unknown_type_name(p, l, type && !expr && !stmt)))
        return 0;
    if (n > 0 && n <= MAX_LISTED) {
        len += (size_t)snprintf(what, sizeof what, "expected ");
        for (int i = 0; i < n; i++) {
            if (i > 0)
                len += (size_t)snprintf(what + len, sizeof what - len, i == n - 1 ? " or " : ", ");
            put_symbol(what, sizeof what, &len, expected[i]);
        }
    } else {
        /* Too many to list: name the class, as gcc does. */
        snprintf(what, sizeof what, "%s", stmt ? "expected declaration or statement"
                                          : expr && type ? "expected expression or type name"
                                          : expr ? "expected expression"
                                          : type ? "expected declaration specifiers"
                                                 : "syntax error");
    }
    struct mcc_loc loc = source_user_loc(p->src, at);
    if (look == YYSYMBOL_YYEOF) {
        mcc_error_at(&loc, "%s at end of input", what);
    } else {
        const char *text = p->src->text + l->begin;
        int tl = (int)(l->end - l->begin);
        for (int i = 0; i < tl; i++)
            if (text[i] == '\n') {
                tl = i;
                break;
            }
        mcc_error_at(&loc, "%s before '%.*s%s'", what, tl > 40 ? 40 : tl, text,
                     tl > 40 ? "..." : "");
    }
    p->errors++;
    return 0;
}

static void yyerror(YYLTYPE *loc, struct mcc_parser *p, const char *msg)
{
    struct mcc_loc l = source_user_loc(p->src, loc ? loc->begin : p->last_begin);
    mcc_error_at(&l, "%s", msg);   /* "memory exhausted": nesting too deep */
    p->errors++;
}

struct ast *mcc_parse(struct mcc_parser *p)
{
    p->tu = NULL;
    p->type_seen = false;
    p->other_pragmas = ast_list(p, NULL);
    lex_setup_names(p);
    scope_push(p, SCOPE_FILE);
    p->file_scope = p->scope;
    lex_init(p);
    int st = yyparse(p);
    lex_destroy(p);
    if (st != 0 || p->errors)
        return NULL;
    return p->tu;
}
