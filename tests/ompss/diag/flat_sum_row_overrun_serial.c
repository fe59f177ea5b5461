/* The flat index x + y * nx + z * nx * ny with x running to nx inclusive: the last x of a
 * row is the first of the next, and the last of a plane the first of the next plane's, so
 * that iterations z and z + 1 both write it (through a pointer private to each thread of
 * the region).  The loop runs as one task (warned). */
void step(float *tOut, int nx, int ny, int nz)
{
#pragma omp parallel
    {
        float *out = tOut;
#pragma omp for
        for (int z = 0; z < nz; z++)
            for (int y = 0; y < ny; y++)
                for (int x = 0; x <= nx; x++)
                    out[x + y * nx + z * nx * ny] += 1.0f;
    }
}
