#!/usr/bin/env bash
# A CMake project with mcc as its C compiler, as users configure it (-DCMAKE_C_COMPILER=mcc):
# mcc is identified as GNU, check_include_file/check_function_exists/check_c_source_compiles
# answer as with gcc, find_package(OpenMP) gives OpenMP::OpenMP_C, a static library of
# OpenMP tasks links into a C program, and, through the libraries CMake reads from `mcc -v`
# (gcc's link line), into a C++ program linked by c++; touching a header rebuilds its units
# (CMake's -MD -MT -MF depfiles); the same with Ninja where it is installed.  Configured with
# -DCMAKE_BUILD_RPATH=<nanort's dir, from mcc -print-file-name>, as docs/build-systems.md
# says for C++ programs.
. "$(dirname "$0")/lib.sh"
command -v cmake > /dev/null || skip "skipped: no cmake"
command -v make > /dev/null || skip "skipped: no make"
command -v c++ > /dev/null || skip "skipped: no c++"
mkdir src
cat > src/CMakeLists.txt <<'SRC'
cmake_minimum_required(VERSION 3.13)
project(blocks C CXX)
include(CheckIncludeFile)
include(CheckFunctionExists)
include(CheckCSourceCompiles)
check_include_file(stdlib.h HAVE_STDLIB_H)
check_include_file(no_such_header_zz.h HAVE_NO_SUCH_HEADER)
check_function_exists(malloc HAVE_MALLOC)
check_function_exists(no_such_function_zz HAVE_NO_SUCH_FUNCTION)
check_c_source_compiles("#error no\nint main(void) { return 0; }" HAVE_ERROR_PROBE)
find_package(OpenMP REQUIRED COMPONENTS C)
message(STATUS "probe: ${CMAKE_C_COMPILER_ID} [${HAVE_STDLIB_H}|${HAVE_NO_SUCH_HEADER}|${HAVE_MALLOC}|${HAVE_NO_SUCH_FUNCTION}|${HAVE_ERROR_PROBE}] OpenMP ${OpenMP_C_FOUND} ${OpenMP_C_FLAGS}")
message(STATUS "implicit: ${CMAKE_C_IMPLICIT_LINK_LIBRARIES}")
add_library(blocks STATIC blocks.c)
target_link_libraries(blocks PUBLIC OpenMP::OpenMP_C)
add_executable(app main.c)
target_link_libraries(app blocks)
add_executable(appxx main.cpp)
target_link_libraries(appxx blocks)
SRC
write_blocks src
cat > src/main.cpp <<'SRC'
#include <cstdio>
#include <vector>
extern "C" {
#include "blocks.h"
}
int main()
{
    std::vector<int> v(100);
    for (int i = 0; i < 100; i++)
        v[i] = i;
    std::printf("sum=%ld\n", sum_blocks(100, v.data()));
}
SRC
# configure_build GENERATOR-ARGS...: configure in b/ with mcc as the C compiler and build
configure_build() {
    rm -rf b
    ok env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL cmake -S src -B b "$@" -DCMAKE_C_COMPILER="$MCC" \
        -DCMAKE_BUILD_RPATH="$(dirname "$("$MCC" -print-file-name=libnanort.so)")"
    cp out.txt configure.txt
    has configure.txt '^-- probe: GNU \[1\|\|1\|\|\] OpenMP TRUE -fopenmp$'
    has configure.txt '^-- implicit: nanort;'
    ok env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL cmake --build b
    runs b/app "sum=4950"
    # c++ links the C library's tasks with nanort; CMake gives no rpath for a library it
    # links by name: CMAKE_BUILD_RPATH (docs/build-systems.md), or nanort installed where
    # the loader looks
    runs b/appxx "sum=4950"
    touch src/blocks.h
    ok env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL cmake --build b
    has out.txt 'blocks\.c'
}
configure_build
command -v ninja > /dev/null && configure_build -G Ninja
no_temps
