#!/usr/bin/env bash
# An object made from a .cl (mcc -c) inside a static archive, as a Makefile builds a kernel
# library: nothing in the program refers to the object, so the linker left it in the
# archive and the program found no kernel source at run time.  The link pulls it, whether
# the archive is given by path or by -l (also -l:libk.a) and -L, and the program runs; a
# kernel that no member of the archive defines is still an error at the link.
. "$(dirname "$0")/lib.sh"
write_ocl_app scale "ndrange(1, n, BS) copy_deps"
mkdir lib
mv kernels.cl lib/
cat >> Makefile <<'MK'
lib/libk.a: lib/kernels.o
	ar rcs $@ $^
lib/kernels.o: lib/kernels.cl kernels.h
	$(CC) $(CFLAGS) -I. -c lib/kernels.cl -o $@
MK
ok make_app OBJS=lib/libk.a
runs ./app "x[15]=31"
rm -f app
ok make_app lib/libk.a
ok make_app LDFLAGS=-Llib LDLIBS=-lk
runs ./app "x[15]=31"
rm -f app
ok make_app LDFLAGS=-Llib LDLIBS=-l:libk.a
runs ./app "x[15]=31"
# the archive lacks the kernel: the link says so
sed -i 's/void scale(/void scale2(/' lib/kernels.cl
rm -f app lib/libk.a
ok make_app lib/libk.a
fails 1 "$MCC" --ompss app.o -Llib -lk -o app
has err.txt "^app\.c:3:20: error: OpenCL kernel 'scale' \(task 'scale'\) has no source in the program"
absent app
no_temps
