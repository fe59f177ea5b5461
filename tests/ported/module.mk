# tests/ported: programs in the shapes real OmpSs and OpenMP-task codes have (issue 15),
# each built by plain gcc (the sequential oracle), by gcc -fopenmp (the OpenMP ones) and by
# mcc, and run by mcc under 1, 2 and 4 workers and every scheduler: the outputs must be the
# same (tests/ported/README.md).  About a minute on 2 cores.
PORTED_PROGRAMS := $(sort $(wildcard tests/ported/*.c))

.PHONY: check-ported
check-ported: $(MCC_BIN) $(BUILD)/lib/libnanort.a $(BUILD)/lib/mcc/include/omp.h tests/ported/run.sh
	@BUILD=$(BUILD) MCC=$(MCC_BIN) HARNESS=$(HARNESS) tests/ported/run.sh $(RESULTS) $(PORTED_PROGRAMS)

CHECK_TARGETS += check-ported
