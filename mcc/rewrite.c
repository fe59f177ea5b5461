/*
 * rewrite.c - the edit list over the preprocessed text (see mcc.h for the rules).
 *
 * Edits are filed in buckets by the offset they start at (one bucket per 4 KiB of text),
 * so adding one is O(1) and rendering a span only looks at the buckets the span covers
 * and sorts the edits found there: the lowering may interleave thousands of edits with
 * thousands of rewrite_text() calls on small spans without any quadratic cost.
 */
#include "mcc.h"

#include <stdlib.h>
#include <string.h>

enum edit_kind { EDIT_AFTER, EDIT_BEFORE, EDIT_REPLACE };   /* order at one offset */

struct edit {
    size_t begin, end;        /* end == begin for insertions */
    enum edit_kind kind;
    int seq;                  /* creation order */
    const char *text;
    size_t len;
    int taken;                /* rw->n when a rewrite_text() last rendered it, or -1 */
    int bucket, index;        /* where it is filed (in the copies edits_in() makes) */
};

enum { BUCKET_SHIFT = 12 };

struct bucket {
    struct edit *edits;
    int n, cap;
};

struct rewriter {
    struct mcc_arena *arena;
    const struct mcc_source *src;
    struct bucket *buckets;   /* (len >> BUCKET_SHIFT) + 1 of them */
    size_t nbuckets;
    int n;                    /* edits in all */
};

struct rewriter *rewrite_new(struct mcc_arena *a, const struct mcc_source *src)
{
    struct rewriter *rw = arena_alloc(a, sizeof *rw);
    rw->arena = a;
    rw->src = src;
    rw->nbuckets = (src->len >> BUCKET_SHIFT) + 1;
    rw->buckets = arena_alloc(a, rw->nbuckets * sizeof *rw->buckets);
    return rw;
}

int rewrite_count(const struct rewriter *rw)
{
    return rw->n;
}

static void add(struct rewriter *rw, size_t b, size_t e, enum edit_kind k, const char *text)
{
    if (b > rw->src->len)
        b = rw->src->len;
    if (e > rw->src->len)
        e = rw->src->len;
    if (e < b)
        e = b;
    struct bucket *bk = &rw->buckets[b >> BUCKET_SHIFT];
    ARENA_GROW(rw->arena, bk->edits, bk->n, bk->cap, 4);
    size_t len = strlen(text);
    bk->edits[bk->n++] = (struct edit){ b, e, k, rw->n++, arena_strndup(rw->arena, text, len), len,
                                        -1, 0, 0 };
}

void rewrite_insert_before(struct rewriter *rw, size_t off, const char *text)
{
    add(rw, off, off, EDIT_BEFORE, text);
}

/* (a negative order: before the insertions made there earlier, and after those made
 * there later with this call again) */
void rewrite_insert_before_earlier(struct rewriter *rw, size_t off, const char *text)
{
    add(rw, off, off, EDIT_BEFORE, text);
    struct bucket *bk = &rw->buckets[(off > rw->src->len ? rw->src->len : off) >> BUCKET_SHIFT];
    bk->edits[bk->n - 1].seq = -bk->edits[bk->n - 1].seq - 1;
}

void rewrite_insert_after(struct rewriter *rw, size_t off, const char *text)
{
    add(rw, off, off, EDIT_AFTER, text);
}

void rewrite_replace(struct rewriter *rw, size_t begin, size_t end, const char *text)
{
    add(rw, begin, end, EDIT_REPLACE, text);
}

static int cmp_edit(const void *a, const void *b)
{
    const struct edit *x = a, *y = b;
    if (x->begin != y->begin)
        return x->begin < y->begin ? -1 : 1;
    if (x->kind != y->kind)
        return x->kind < y->kind ? -1 : 1;
    if (x->kind == EDIT_REPLACE && x->end != y->end)
        return x->end > y->end ? -1 : 1;      /* the outer replacement first */
    if (x->kind == EDIT_REPLACE)              /* the same span: the later one rendered the
                                                 earlier into its text (a construct that is
                                                 the whole of a section) */
        return x->seq > y->seq ? -1 : x->seq < y->seq;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* The edits starting in [begin, end], sorted (malloc'd; *n of them). */
static struct edit *edits_in(struct rewriter *rw, size_t begin, size_t end, int *n)
{
    size_t b0 = begin >> BUCKET_SHIFT, b1 = end >> BUCKET_SHIFT;
    if (b1 >= rw->nbuckets)
        b1 = rw->nbuckets - 1;
    int count = 0;
    for (size_t b = b0; b <= b1; b++)
        count += rw->buckets[b].n;
    struct edit *v = malloc((size_t)(count ? count : 1) * sizeof *v);
    if (!v)
        abort();
    int m = 0;
    for (size_t b = b0; b <= b1; b++)
        for (int i = 0; i < rw->buckets[b].n; i++) {
            const struct edit *e = &rw->buckets[b].edits[i];
            if (e->begin >= begin && e->begin <= end) {
                v[m] = *e;
                v[m].bucket = (int)b;
                v[m++].index = i;
            }
        }
    qsort(v, (size_t)m, sizeof *v, cmp_edit);
    *n = m;
    return v;
}

/* Output sink: a FILE or a growing arena-free buffer.  col is the display column (tabs to
 * multiples of 8, as gcc counts them) the next byte written lands on, 0-based. */
struct sink {
    FILE *f;
    char *buf;
    size_t len, cap;
    bool failed;
    size_t col;
};

static size_t advance_col(size_t col, const char *t, size_t n)
{
    for (size_t i = 0; i < n; i++)
        col = t[i] == '\n' ? 0 : t[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
    return col;
}

static void put(struct sink *s, const char *t, size_t n)
{
    if (n == 0)
        return;
    const char *nl = memrchr(t, '\n', n);
    s->col = nl ? advance_col(0, nl + 1, n - (size_t)(nl + 1 - t)) : advance_col(s->col, t, n);
    if (s->f) {
        if (fwrite(t, 1, n, s->f) != n)
            s->failed = true;
        return;
    }
    if (s->len + n + 1 > s->cap) {
        size_t cap = s->cap ? s->cap : 256;
        while (s->len + n + 1 > cap)
            cap *= 2;
        char *b = realloc(s->buf, cap);
        if (!b)
            abort();
        s->buf = b;
        s->cap = cap;
    }
    memcpy(s->buf + s->len, t, n);
    s->len += n;
}

static size_t count_nl(const char *t, size_t n)
{
    size_t c = 0;
    for (const char *q = t; (q = memchr(q, '\n', n - (size_t)(q - t))); q++)
        c++;
    return c;
}

/* A linemarker so the text from `off` on keeps its line numbers. */
static void linemarker(struct rewriter *rw, struct sink *s, size_t off)
{
    const struct mcc_source *src = rw->src;
    if (src->nlines == 0)
        return;
    const struct src_line *l = &src->lines[source_line_index(src, off)];
    char buf[64];
    /* Starting a new line first when the edit ended mid-line. */
    put(s, "\n", 1);
    int n = snprintf(buf, sizeof buf, "# %d \"", l->line);
    put(s, buf, (size_t)n);
    put(s, l->file, strlen(l->file));
    put(s, "\"\n", 2);
    /* Text from `off` to the end of its line now starts a line: pad to its column so
     * columns stay right as well (only when that is blanks-only cheap to know: always
     * spaces, the compiler counts them as columns). */
    for (size_t i = l->off; i < off; i++)
        put(s, src->text[i] == '\t' ? "\t" : " ", 1);
}

/* The display column of `off` in its line of the preprocessed text. */
static size_t source_col(const struct rewriter *rw, size_t off)
{
    const struct mcc_source *src = rw->src;
    size_t from = src->nlines ? src->lines[source_line_index(src, off)].off : 0;
    return advance_col(0, src->text + from, off - from);
}

/*
 * How a rendering keeps what follows an edit on the user's lines and columns:
 *   lines   an edit added or removed newlines: a linemarker before the next source text
 *   col     an edit changed the length of its line: a linemarker (padded to the column)
 *           before the next source text on that line that is not blank, when the output
 *           column differs from the source column there (a renamed variable followed by
 *           more of the expression keeps gcc's columns right)
 */
struct sync {
    bool lines, col;
};

/* Source text [a, b) into s, after the linemarker an earlier edit made necessary. */
static void put_source(struct rewriter *rw, struct sink *s, struct sync *y, size_t a, size_t b)
{
    const char *text = rw->src->text;
    if (a >= b)
        return;
    if (y->lines) {
        linemarker(rw, s, a);
        y->lines = y->col = false;
    } else if (y->col) {
        size_t i = a;
        while (i < b && (text[i] == ' ' || text[i] == '\t'))
            i++;
        if (i < b && text[i] != '\n' && text[i] != '\r') {
            if (s->col != source_col(rw, a))
                linemarker(rw, s, a);
            y->col = false;
        } else if (i < b) {
            y->col = false;     /* the rest of the line is blank; the next starts at 0 */
        }
    }
    put(s, text + a, b - a);
}

/* Was insertion e rendered into a span (rewrite_text) before replacement r was made? */
static bool taken_by(const struct edit *e, const struct edit *r)
{
    return e->taken >= 0 && e->taken <= r->seq;
}

/* Is the insert_before edits[i] at the start of a later replacement that took it (the
 * replacement of a span rendered with it: a construct that is the whole of a section)?
 * Edits at one offset are sorted after, before, replace. */
static bool before_replaced(const struct edit *edits, int n, int i, size_t end)
{
    for (int j = i + 1; j < n && edits[j].begin == edits[i].begin; j++)
        if (edits[j].kind == EDIT_REPLACE && edits[j].end > edits[j].begin &&
            edits[j].end <= end && taken_by(&edits[i], &edits[j]))
            return true;
    return false;
}

/* whole: the span is the whole text (an insert_after at its start belongs to it);
 * markers: keep the user's lines and columns with linemarkers (struct sync). */
static void render(struct rewriter *rw, size_t begin, size_t end, struct sink *s, bool whole,
                   bool markers)
{
    int n;
    struct edit *edits = edits_in(rw, begin, end, &n);
    size_t pos = begin;
    struct sync y = {false, false};
    const struct edit *replaced = NULL;   /* the last replacement rendered (ends at pos) */
    for (int i = 0; i < n; i++) {
        const struct edit *e = &edits[i];
        if (e->begin > end || (e->begin == end && e->kind != EDIT_AFTER))
            break;      /* at `end`, only what ends the span belongs to it */
        if (e->end > end)
            continue;   /* a replacement reaching out of the span: not inside it */
        if (e->begin == begin && e->kind == EDIT_AFTER && !whole)
            continue;   /* belongs to what precedes the span */
        if (e->begin < pos)
            continue;   /* inside a region a replacement already covered */
        if (e->kind == EDIT_AFTER && replaced && e->begin == pos && taken_by(e, replaced))
            continue;   /* ended the span that replacement took (a construct directly
                           inside another: the inner one's end is the outer one's) */
        if (e->kind == EDIT_BEFORE && before_replaced(edits, n, i, end))
            continue;   /* likewise at the start of the span */
        put_source(rw, s, &y, pos, e->begin);
        put(s, e->text, e->len);
        if (!whole && e->kind != EDIT_REPLACE)
            rw->buckets[e->bucket].edits[e->index].taken = rw->n;
        size_t removed_nl = 0;
        pos = e->begin;
        replaced = NULL;
        if (e->kind == EDIT_REPLACE) {
            removed_nl = count_nl(rw->src->text + e->begin, e->end - e->begin);
            pos = e->end;
            replaced = e;
        }
        if (markers) {
            y.lines |= count_nl(e->text, e->len) != 0 || removed_nl != 0;
            y.col = true;
        }
    }
    put_source(rw, s, &y, pos, end);
    free(edits);
}

char *rewrite_text(struct rewriter *rw, size_t begin, size_t end)
{
    struct sink s = { 0 };
    if (end > rw->src->len)
        end = rw->src->len;
    if (begin > end)
        begin = end;
    render(rw, begin, end, &s, false, false);
    char *r = arena_strndup(rw->arena, s.buf ? s.buf : "", s.len);
    free(s.buf);
    return r;
}

char *rewrite_text_lines(struct rewriter *rw, size_t begin, size_t end)
{
    struct sink s = { 0 };
    if (end > rw->src->len)
        end = rw->src->len;
    if (begin > end)
        begin = end;
    linemarker(rw, &s, begin);
    render(rw, begin, end, &s, false, true);
    char *r = arena_strndup(rw->arena, s.buf ? s.buf : "", s.len);
    free(s.buf);
    return r;
}

int rewrite_output(struct rewriter *rw, FILE *out)
{
    struct sink s = { .f = out };
    render(rw, 0, rw->src->len, &s, true, true);
    return s.failed ? -1 : 0;
}
