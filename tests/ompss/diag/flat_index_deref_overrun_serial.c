/* A 3-D field cleared through *(u + (i*ny + j)*nz + k) with k < nz (one past the row):
 * the last k of each (i, j) is the first of the next, so the loop runs as one task
 * (warned), not as tasks at once. */
void clear_field(double *field, int nx, int ny, int nz)
{
    int j, k;
#pragma omp parallel private(j, k)
    {
        double *u = field;
#pragma omp for schedule(dynamic)
        for (int i = 0; i < nx; i++)
            for (j = 0; j < ny; j++)
                for (k = 0; k <= nz; k++)
                    *(u + (i * ny + j) * nz + k) = 0.0;
    }
}
