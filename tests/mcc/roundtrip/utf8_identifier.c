/* UTF-8 letters in identifiers (gcc 10 and later accept them as they are). */
int été = 8;
int use(void) { return été + 1; }
