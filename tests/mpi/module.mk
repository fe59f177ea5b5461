# tests/mpi: detached tasks, task-aware MPI (TAMPI.h) and cluster mode (NX_ARGS=--cluster).
#
#   make check-mpi-detach    detach(event) programs built by mcc (1, 2, 4 workers) and by
#                            gcc -fopenmp (libgomp, the oracle: the checks are OpenMP's)
#   make check-mpi-tampi     TAMPI programs (OMPI_CC=mcc mpicc): ring, halo stencil, both modes
#   make check-mpi-pipeio    samples/pipeio (file -> device -> file, and device -> MPI ->
#                            device), its traces checked by tests/mpi/pipeio_trace.py
#   make check-mpi-cluster   the samples and random graphs under --cluster on 2-4 ranks, a
#                            rank killed mid-run, an MPI program refused
#   make check-mpi-hosts     cluster mode across two "hosts" (network namespaces of this
#                            machine, TCP between them; needs root, else skipped)
#   make check-mpi           all of them (about 2 minutes on 2 cores; the MPI runs report
#                            "skipped" where Open MPI is not installed)
MPI_TEST_RUN = BUILD=$(BUILD) MCC=$(MCC_BIN) HARNESS=$(HARNESS) tests/mpi/run.sh
MPI_TEST_DEPS = $(MCC_BIN) $(BUILD)/lib/libnanort.so $(BUILD)/lib/libnanort.a \
                $(BUILD)/tsan/libnanort.a $(BUILD)/lib/mcc/include/omp.h \
                $(TAMPI_HEADER) $(if $(CLUSTER_MPICC),$(CLUSTER_LIB))

.PHONY: check-mpi check-mpi-detach check-mpi-tampi check-mpi-pipeio check-mpi-cluster check-mpi-hosts
check-mpi-detach: $(MPI_TEST_DEPS)
	@$(MPI_TEST_RUN) detach $(RESULTS)

check-mpi-tampi: $(MPI_TEST_DEPS)
	@$(MPI_TEST_RUN) tampi $(RESULTS)

check-mpi-pipeio: $(MPI_TEST_DEPS)
	@$(MPI_TEST_RUN) pipeio $(RESULTS)

# (after the TAMPI part: it reuses its ring program for the refusal test)
check-mpi-cluster: $(MPI_TEST_DEPS) check-mpi-tampi
	@$(MPI_TEST_RUN) cluster $(RESULTS)

# (after the cluster part: it runs the programs built there)
check-mpi-hosts: $(MPI_TEST_DEPS) check-mpi-cluster
	@$(MPI_TEST_RUN) hosts $(RESULTS)

check-mpi: check-mpi-detach check-mpi-tampi check-mpi-pipeio check-mpi-cluster check-mpi-hosts

CHECK_TARGETS += check-mpi
