/* ported: openmp
 * ported-werror
 * PARSEC blackscholes turned into tasks over a struct of arrays: the options held as
 * `struct options { int n; float *spot, *strike, ...; }` reached through a pointer, one task
 * per block with `depend(in: spot[b:bs], ...)` on sections of local copies of the members and
 * `depend(out: o->price[b])` on a member's element (gcc 12 takes no section of a member), a second pricing run of the same blocks
 * (`depend(inout: o->price[b:bs])`), `taskwait depend` on the first block, then a checksum task
 * depending on every block's first price through an iterator, block sizes from a
 * `const int` and a `static const` table. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

struct options {
    int n;
    float *spot, *strike, *rate, *vol, *otime;
    int *otype;
    float *price;
};

#define inv_sqrt_2xPi 0.39894228040143270286f

static float cndf(float x)
{
    int neg = x < 0.0f;
    if (neg)
        x = -x;
    float k = 1.0f / (1.0f + 0.2316419f * x);
    float e = expf(-0.5f * x * x) * inv_sqrt_2xPi;
    float p = ((((1.330274429f * k - 1.821255978f) * k + 1.781477937f) * k - 0.356563782f) * k
               + 0.319381530f) * k;
    float r = 1.0f - e * p;
    return neg ? 1.0f - r : r;
}

static float bs_price(float s, float k, float r, float v, float t, int type)
{
    float sq = v * sqrtf(t);
    float d1 = (logf(s / k) + (r + 0.5f * v * v) * t) / sq;
    float d2 = d1 - sq;
    float fut = k * expf(-r * t);
    if (type == 0)
        return s * cndf(d1) - fut * cndf(d2);
    return fut * (1.0f - cndf(d2)) - s * (1.0f - cndf(d1));
}

static void run(struct options *o, int bs)
{
    float *spot = o->spot, *strike = o->strike, *rate = o->rate, *vol = o->vol;
    const float *otime = o->otime;
    int *otype = o->otype;
    for (int b = 0; b < o->n; b += bs) {
#pragma omp task depend(in: spot[b:bs], strike[b:bs], rate[b:bs], vol[b:bs]) \
                 depend(in: otime[b:bs], otype[b:bs]) depend(out: o->price[b])
        for (int i = b; i < b + bs && i < o->n; i++)
            o->price[i] = bs_price(spot[i], strike[i], rate[i], vol[i], otime[i], otype[i]);
    }
    /* a second run adds a spread to each block's prices once they are there */
    for (int b = 0; b < o->n; b += bs) {
#pragma omp task depend(inout: o->price[b]) firstprivate(b)
        for (int i = b; i < b + bs && i < o->n; i++)
            o->price[i] = o->price[i] * 1.01f + 0.005f;
    }
}

int main(void)
{
    static const int block_sizes[] = {64, 100, 1000};
    const int n = 4000;
    struct options opt = {.n = n};
    float **fields[] = {&opt.spot, &opt.strike, &opt.rate, &opt.vol, &opt.otime, &opt.price};
    for (unsigned f = 0; f < sizeof fields / sizeof fields[0]; f++)
        *fields[f] = malloc(n * sizeof(float));
    opt.otype = malloc(n * sizeof(int));
    for (int i = 0; i < n; i++) {
        opt.spot[i] = 40.0f + (i % 37);
        opt.strike[i] = 35.0f + (i % 53);
        opt.rate[i] = 0.01f + 0.001f * (i % 7);
        opt.vol[i] = 0.1f + 0.01f * (i % 19);
        opt.otime[i] = 0.25f + 0.05f * (i % 11);
        opt.otype[i] = i % 2;
    }
    struct options *o = &opt;
    for (int k = 0; k < 3; k++) {
        double sum = 0.0;
#pragma omp parallel
#pragma omp single
        {
            float *price = o->price;
            run(o, block_sizes[k]);
#pragma omp taskwait depend(in: price[0])
            sum += price[0];
#pragma omp task depend(iterator(int j = 0:n:block_sizes[k]), in: price[j]) shared(sum)
            for (int i = 1; i < n; i++)
                sum += o->price[i];
        }
        printf("bs %d: %.3f %.5f %.5f\n", block_sizes[k], sum, opt.price[0], opt.price[n - 1]);
    }
    for (unsigned f = 0; f < sizeof fields / sizeof fields[0]; f++)
        free(*fields[f]);
    free(opt.otype);
    return 0;
}
