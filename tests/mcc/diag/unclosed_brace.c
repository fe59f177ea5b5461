/* A block never closed: the file ends inside the function; the error is reported at the
 * end of the input, at the last token of the file (as gcc does). */
int f(int x)
{
    while (x > 0) {
        x--;
    return x;
}
