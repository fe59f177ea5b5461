/* A macro whose expansion is not valid C: the error is on the line of the macro's use
 * (columns after a macro expansion are those of the preprocessed line). */
#define DECLARE(name) int name = ;

DECLARE(counter)
int fine;
