# tests/mcc: golden tests of mcc's parser diagnostics (tests/mcc/diag/README.md).
# (tests/mcc/unit has its own fragment.)  They need build/bin/mcc: they depend on it once
# the driver and the grammar exist and report "skipped" while they do not.
MCC_TEST_DEP ?= $(if $(and $(wildcard mcc/driver.c),$(wildcard grammar/c.y)),$(MCC_BIN) $(BUILD)/lib/mcc/include/omp.h)
MCC_DIAG_CASES := $(sort $(wildcard tests/mcc/diag/*.c))

.PHONY: check-mcc-diag
check-mcc-diag: $(MCC_TEST_DEP)
	@for f in $(MCC_DIAG_CASES); do \
	  BUILD=$(BUILD) $(HARNESS) run $(RESULTS) mcc/diag/$$(basename $$f .c) -- tests/mcc/diag/run.sh $$f; \
	done

CHECK_TARGETS += check-mcc-diag
