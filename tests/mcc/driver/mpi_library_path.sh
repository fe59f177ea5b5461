#!/usr/bin/env bash
# A task-aware MPI program (TAMPI.h) linked with MPI's library given by its path, as CMake's
# find_package(MPI) and target_link_libraries(app MPI::MPI_C) give it
# (/usr/lib/.../libmpi.so), gets libnanort-mpi just before it, as with -lmpi: only -lmpi was
# recognised, and the link failed on "undefined reference to `TAMPI_Iwait'".
. "$(dirname "$0")/lib.sh"
command -v mpicc > /dev/null || skip "skipped: no mpicc"
[ -f "$BUILD/lib/libnanort-mpi.so" ] || skip "skipped: nanort built without MPI"
libmpi=$(mpicc --showme:libdirs | awk '{print $1}')/libmpi.so
[ -f "$libmpi" ] || skip "skipped: no $libmpi (not Open MPI?)"
ok "$MCC" $(mpicc --showme:compile) -c "$TOP/tests/mpi/tampi_ring.c" -o ring.o
ok "$MCC" -v ring.o -o ring "$libmpi"
has err.txt "^gcc .*/libnanort-mpi\.so $libmpi "
exists ring
ok "$MCC" -v ring.o -o ring2 -L"$(dirname "$libmpi")" -lmpi
has err.txt "^gcc .*/libnanort-mpi\.so -lmpi "
no_temps
