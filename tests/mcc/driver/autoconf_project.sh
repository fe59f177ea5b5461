#!/usr/bin/env bash
# An autoconf project configured with CC=mcc CFLAGS=--ompss and with CC="mcc --ompss": the
# probes of AC_PROG_CC, AC_OPENMP, AC_CHECK_HEADERS, AC_CHECK_FUNCS, AC_CHECK_LIB and
# AC_PROG_CPP (`char f(); ... return f();` link tests, #error probes, `$CC -E`) give the
# config.h that gcc gives, and the OpenMP-task program it builds runs.
. "$(dirname "$0")/lib.sh"
command -v autoconf > /dev/null || skip "skipped: no autoconf"
command -v make > /dev/null || skip "skipped: no make"
cat > configure.ac <<'SRC'
AC_INIT([blocks], [1.0])
AC_CONFIG_SRCDIR([app.c])
AC_CONFIG_HEADERS([config.h])
AC_PROG_CC
AC_OPENMP
AC_CHECK_HEADERS([stdlib.h no_such_header_zz.h])
AC_CHECK_FUNCS([strdup no_such_function_zz])
AC_CHECK_LIB([m], [cos])
AC_C_INLINE
AC_CHECK_SIZEOF([long])
AC_PROG_CPP
AC_SUBST([OPENMP_CFLAGS])
AC_CONFIG_FILES([Makefile])
AC_OUTPUT
SRC
cat > Makefile.in <<'SRC'
CC = @CC@
CFLAGS = @CFLAGS@ @OPENMP_CFLAGS@
LIBS = @LIBS@
app: app.c config.h
	$(CC) $(CFLAGS) -I. -o $@ app.c $(LIBS)
SRC
cat > app.c <<'SRC'
#include "config.h"
#include <stdio.h>
#include <math.h>
int main(void)
{
    long s = 0;
#if defined HAVE_STRDUP && !defined HAVE_NO_SUCH_FUNCTION_ZZ && defined _OPENMP
    #pragma omp parallel
    #pragma omp single
    for (int i = 0; i < 10; i++) {
        #pragma omp task firstprivate(i) shared(s)
        {
            #pragma omp atomic
            s += i;
        }
    }
#endif
    printf("s=%ld cos=%g\n", s, cos(0.0));
    return 0;
}
SRC
ok autoconf
ok autoheader
ok ./configure CC=gcc
mv config.h gcc-config.h
# configure_build ARGS...: ./configure with them gives gcc's config.h; the program runs
configure_build() {
    run ./configure "$@"
    [ "$st" = 0 ] || { cat config.log >&2; fail "configure $*: exit $st"; }
    cmp -s gcc-config.h config.h || { diff gcc-config.h config.h >&2; fail "configure $*: config.h"; }
    rm -f app
    ok env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make
    runs ./app "s=45 cos=1"
}
configure_build CC="$MCC" CFLAGS=--ompss
configure_build CC="$MCC --ompss"
no_temps
