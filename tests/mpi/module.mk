# tests/mpi: detached tasks, task-aware MPI (TAMPI.h) and cluster mode (NX_ARGS=--cluster).
#
#   make check-mpi-detach   detach(event) programs built by mcc (1, 2, 4 workers) and by
#                           gcc -fopenmp (libgomp, the oracle: the checks are OpenMP's)
#   make check-mpi          all of them (the MPI runs use mpirun with 2-4 ranks; they report
#                           "skipped" where Open MPI is not installed)
MPI_TEST_RUN = BUILD=$(BUILD) MCC=$(MCC_BIN) HARNESS=$(HARNESS) tests/mpi/run.sh

.PHONY: check-mpi check-mpi-detach
check-mpi-detach: $(MCC_BIN) $(BUILD)/lib/libnanort.so $(BUILD)/lib/mcc/include/omp.h
	@$(MPI_TEST_RUN) detach $(RESULTS)

check-mpi: check-mpi-detach

CHECK_TARGETS += check-mpi
