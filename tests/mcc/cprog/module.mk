# tests/mcc/cprog: C programs exercising every construct of issue 3 (C11 + GNU C), compiled
# by mcc and by gcc: same output and exit status required (tests/mcc/cprog/run.sh).  Also the
# project's own sources compiled through mcc (tests/mcc/cprog/selfcompile.sh).
# The tests need build/bin/mcc: they depend on it once the driver and grammar exist and
# report "skipped" while it does not.
MCC_TEST_DEP ?= $(if $(and $(wildcard mcc/driver.c),$(wildcard grammar/c.y)),$(MCC_BIN) $(BUILD)/lib/mcc/include/omp.h)
CPROG_SRCS := $(sort $(wildcard tests/mcc/cprog/*.c))
CPROG_SELF_FLAGS := $(CFLAGS_COMMON) -Inanort -Imcc -I$(BUILD)/gen -Idevices $(CLUSTER_MPI_CFLAGS) -Imcc/include

.PHONY: check-cprog check-cprog-self
check-cprog: $(MCC_TEST_DEP)
	@for f in $(CPROG_SRCS); do \
	  BUILD=$(BUILD) $(HARNESS) run $(RESULTS) cprog/$$(basename $$f .c) -- tests/mcc/cprog/run.sh $$f; \
	done

# The project's own sources: globbed when the recipe runs, so that build/gen/*.c (the
# flex/bison outputs) are there once mcc has been built.
check-cprog-self: $(MCC_TEST_DEP)
	@for f in nanort/*.c mcc/*.c devices/*/*.c $(BUILD)/gen/*.c; do \
	  [ -f "$$f" ] || continue; \
	  $(if $(CLUSTER_MPICC),,[ "$${f#devices/cluster/}" = "$$f" ] || continue;) \
	  BUILD=$(BUILD) $(HARNESS) run $(RESULTS) cprog/self/$$f -- tests/mcc/cprog/selfcompile.sh $$f $(CPROG_SELF_FLAGS); \
	done

CHECK_TARGETS += check-cprog check-cprog-self
