/* A universal character name in an identifier (gcc -E writes it as \U000000e9). */
int caf\u00e9 = 7;
int use(void) { return caf\u00e9 + 1; }
