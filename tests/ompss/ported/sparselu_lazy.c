/* ported: ompss
   ported-werror
   BOTS sparselu with a runtime block size: blocks of a float ** matrix
   allocated lazily by the bmod task that first writes them (the task depends on the
   block's pointer slot), kernels as function tasks whose dependences shape a float * by
   a parameter ([bs*bs]a), the kernels called through a static table of function
   pointers inside an inline task */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int nb = 6, bs = 12;

static float *alloc_block(int n)
{
  return calloc((size_t)n * n, sizeof(float));
}

#pragma omp task inout([bs * bs]diag)
static void lu0(float *diag, int bs)
{
  for (int k = 0; k < bs; k++)
    for (int i = k + 1; i < bs; i++) {
      diag[i * bs + k] /= diag[k * bs + k];
      for (int j = k + 1; j < bs; j++)
        diag[i * bs + j] -= diag[i * bs + k] * diag[k * bs + j];
    }
}

#pragma omp task in([bs * bs]diag) inout([bs * bs]row)
static void fwd(const float *diag, float *row, int bs)
{
  for (int k = 0; k < bs; k++)
    for (int i = k + 1; i < bs; i++)
      for (int j = 0; j < bs; j++)
        row[i * bs + j] -= diag[i * bs + k] * row[k * bs + j];
}

#pragma omp task in([bs * bs]diag) inout([bs * bs]col)
static void bdiv(const float *diag, float *col, int bs)
{
  for (int i = 0; i < bs; i++)
    for (int k = 0; k < bs; k++) {
      col[i * bs + k] /= diag[k * bs + k];
      for (int j = k + 1; j < bs; j++)
        col[i * bs + j] -= col[i * bs + k] * diag[k * bs + j];
    }
}

static void bmod_into(const float *row, const float *col, float *inner, int bs)
{
  for (int i = 0; i < bs; i++)
    for (int j = 0; j < bs; j++) {
      float s = 0;
      for (int k = 0; k < bs; k++)
        s += col[i * bs + k] * row[k * bs + j];
      inner[i * bs + j] -= s;
    }
}

static void bmod_scaled(const float *row, const float *col, float *inner, int bs)
{
  bmod_into(row, col, inner, bs);
}

typedef void (*bmod_fn)(const float *, const float *, float *, int);
static bmod_fn const bmod_table[2] = { bmod_into, bmod_scaled };

static void genmat(float **M)
{
  unsigned init = 1325;
  for (int ii = 0; ii < nb; ii++)
    for (int jj = 0; jj < nb; jj++) {
      int null = (ii != jj) && ((ii < jj && ii % 3 != 0) || (ii > jj && jj % 2 != 0) || ((ii + jj) % 4 == 3));
      M[ii * nb + jj] = null ? NULL : alloc_block(bs);
      if (!null)
        for (int i = 0; i < bs * bs; i++) {
          init = 3125 * init % 65536;
          M[ii * nb + jj][i] = (float)((init - 32768.0) / 16384.0);
          if (ii == jj && i % (bs + 1) == 0)
            M[ii * nb + jj][i] += 8.0f;
        }
    }
}

int main(void)
{
  if (getenv("LU_BS"))
    bs = atoi(getenv("LU_BS"));
  float **M = malloc(sizeof(float *) * nb * nb);
  genmat(M);
  int fills = 0;
  for (int kk = 0; kk < nb; kk++) {
    lu0(M[kk * nb + kk], bs);
    for (int jj = kk + 1; jj < nb; jj++)
      if (M[kk * nb + jj])
        fwd(M[kk * nb + kk], M[kk * nb + jj], bs);
    for (int ii = kk + 1; ii < nb; ii++)
      if (M[ii * nb + kk])
        bdiv(M[kk * nb + kk], M[ii * nb + kk], bs);
#pragma omp taskwait
    for (int ii = kk + 1; ii < nb; ii++)
      if (M[ii * nb + kk])
        for (int jj = kk + 1; jj < nb; jj++)
          if (M[kk * nb + jj]) {
            if (!M[ii * nb + jj])
              fills++;
            float **slot = &M[ii * nb + jj];
            const float *row = M[kk * nb + jj], *col = M[ii * nb + kk];
            int which = (ii + jj) & 1;
#pragma omp task inout(*slot) in([bs * bs]row, [bs * bs]col) firstprivate(which)
            {
              if (*slot == NULL)
                *slot = alloc_block(bs);
              bmod_table[which](row, col, *slot, bs);
            }
          }
#pragma omp taskwait
  }
  double sum = 0;
  int nonnull = 0;
  for (int i = 0; i < nb * nb; i++)
    if (M[i]) {
      nonnull++;
      for (int k = 0; k < bs * bs; k++)
        sum += M[i][k] * (1 + (k % 7));
      free(M[i]);
    }
  free(M);
  printf("blocks %d fill-ins %d checksum %.4f\n", nonnull, fills, sum);
  return 0;
}
