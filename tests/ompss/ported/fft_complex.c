/* ported: openmp
   ported-werror
   fft in the shape of BOTS fft: a recursive radix-2 FFT on `double _Complex` arrays, tasks
   for the two halves and for blocks of the twiddle loop, complex values captured
   firstprivate, a complex task result through shared, inverse transform round trip */
#include <stdio.h>
#include <stdlib.h>
#include <complex.h>
#include <math.h>

typedef double _Complex COMPLEX;

static void fft_rec(int n, const COMPLEX *in, int stride, COMPLEX *out, const COMPLEX *w,
                    int wstride)
{
    if (n == 1) {
        out[0] = in[0];
        return;
    }
    int h = n / 2;
    if (n > 64) {
        #pragma omp task
        fft_rec(h, in, stride * 2, out, w, wstride * 2);
        #pragma omp task
        fft_rec(h, in + stride, stride * 2, out + h, w, wstride * 2);
        #pragma omp taskwait
    } else {
        fft_rec(h, in, stride * 2, out, w, wstride * 2);
        fft_rec(h, in + stride, stride * 2, out + h, w, wstride * 2);
    }
    const int blk = 256;
    for (int b = 0; b < h; b += blk) {
        int e = b + blk < h ? b + blk : h;
        #pragma omp task if(h > blk) firstprivate(b, e)
        for (int k = b; k < e; k++) {
            COMPLEX t = w[k * wstride] * out[k + h];
            COMPLEX u = out[k];
            out[k] = u + t;
            out[k + h] = u - t;
        }
    }
    #pragma omp taskwait
}

static COMPLEX sum_range(const COMPLEX *a, int lo, int hi)
{
    if (hi - lo <= 512) {
        COMPLEX s = 0;
        for (int i = lo; i < hi; i++)
            s += a[i];
        return s;
    }
    COMPLEX left, right;
    int mid = lo + (hi - lo) / 2;
    #pragma omp task shared(left)
    left = sum_range(a, lo, mid);
    #pragma omp task shared(right)
    right = sum_range(a, mid, hi);
    #pragma omp taskwait
    return left + right;
}

int main(void)
{
    const int n = 1 << 14;
    COMPLEX *x = malloc(sizeof(COMPLEX) * n), *X = malloc(sizeof(COMPLEX) * n);
    COMPLEX *y = malloc(sizeof(COMPLEX) * n), *w = malloc(sizeof(COMPLEX) * n / 2);
    COMPLEX *wi = malloc(sizeof(COMPLEX) * n / 2);
    const double pi = acos(-1.0);
    for (int k = 0; k < n / 2; k++) {
        w[k] = cexp(-2.0 * pi * I * k / n);
        wi[k] = conj(w[k]);
    }
    for (int i = 0; i < n; i++)
        x[i] = (double)((i * 37) % 101) / 101.0 + I * (double)((i * 11) % 13) / 13.0;
    COMPLEX scale = 1.0 / n, total = 0;
    #pragma omp parallel
    #pragma omp single
    {
        fft_rec(n, x, 1, X, w, 1);
        fft_rec(n, X, 1, y, wi, 1);
        #pragma omp taskloop grainsize(1024) firstprivate(scale)
        for (int i = 0; i < n; i++)
            y[i] *= scale;
        total = sum_range(X, 0, n);
    }
    double err = 0;
    for (int i = 0; i < n; i++) {
        double e = cabs(y[i] - x[i]);
        if (e > err)
            err = e;
    }
    printf("X[0] = %.6f%+.6fi\n", creal(X[0]), cimag(X[0]));
    printf("X[1] = %.6f%+.6fi\n", creal(X[1]), cimag(X[1]));
    printf("sum X = %.4f%+.4fi\n", creal(total), cimag(total));
    printf("round trip %s\n", err < 1e-9 ? "ok" : "bad");
    free(x); free(X); free(y); free(w); free(wi);
    return 0;
}
