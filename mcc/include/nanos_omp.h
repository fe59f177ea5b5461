/*
 * nanos_omp.h - the header of Nanos++'s OpenMP calls, which OmpSs programs include
 * (`#ifdef _OMPSS` then `#include <nanos_omp.h>`) for nanos_omp_get_thread_num() and the
 * other nanos_omp_ calls: nanos.h declares them here, and omp.h (which includes it) the
 * omp_ routines, as Nanos++'s header brought both.
 */
#ifndef MCC_NANOS_OMP_H
#define MCC_NANOS_OMP_H
#include "omp.h"
#endif /* MCC_NANOS_OMP_H */
