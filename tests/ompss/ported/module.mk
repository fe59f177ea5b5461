# tests/ompss/ported: programs in the shapes real OmpSs and OpenMP-task codes have (issue 15),
# each built by plain gcc (the sequential oracle), by gcc -fopenmp (the OpenMP ones) and by
# mcc, and run by mcc under 1, 2 and 4 workers and every scheduler: the outputs must be the
# same (tests/ompss/ported/README.md).  About a minute and a half on 2 cores.
PORTED_PROGRAMS := $(sort $(wildcard tests/ompss/ported/*.c))

.PHONY: check-ported
check-ported: $(MCC_BIN) $(BUILD)/lib/libnanort.a $(BUILD)/lib/mcc/include/omp.h tests/ompss/ported/run.sh
	@BUILD=$(BUILD) MCC=$(MCC_BIN) HARNESS=$(HARNESS) tests/ompss/ported/run.sh $(RESULTS) $(PORTED_PROGRAMS)

CHECK_TARGETS += check-ported
