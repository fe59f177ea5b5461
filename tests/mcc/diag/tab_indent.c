/* Tab-indented code: columns count a tab up to the next multiple of 8, as gcc does. */
int main(void)
{
	int x = 1
	return x;
}
