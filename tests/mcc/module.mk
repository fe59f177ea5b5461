# tests/mcc: golden tests of mcc's parser diagnostics (tests/mcc/diag/README.md), and
# minimal parser reproducers that must round-trip unchanged (tests/mcc/roundtrip/run.sh).
# (tests/mcc/unit has its own fragment.)  They need build/bin/mcc: they depend on it once
# the driver and the grammar exist and report "skipped" while they do not.
MCC_TEST_DEP ?= $(if $(and $(wildcard mcc/driver.c),$(wildcard grammar/c.y)),$(MCC_BIN) $(BUILD)/lib/mcc/include/omp.h)
MCC_DIAG_CASES := $(sort $(wildcard tests/mcc/diag/*.c))
MCC_ROUNDTRIP_CASES := $(sort $(wildcard tests/mcc/roundtrip/*.c))

.PHONY: check-mcc-diag check-mcc-roundtrip
check-mcc-diag: $(MCC_TEST_DEP)
	@for f in $(MCC_DIAG_CASES); do \
	  BUILD=$(BUILD) $(HARNESS) run $(RESULTS) mcc/diag/$$(basename $$f .c) -- tests/mcc/diag/run.sh $$f; \
	done
	@BUILD=$(BUILD) $(HARNESS) run $(RESULTS) mcc/diag-scale -- tests/mcc/diag_scale.sh

check-mcc-roundtrip: $(MCC_TEST_DEP)
	@for f in $(MCC_ROUNDTRIP_CASES); do \
	  BUILD=$(BUILD) $(HARNESS) run $(RESULTS) mcc/roundtrip/$$(basename $$f .c) -- tests/mcc/roundtrip/run.sh $$f; \
	done

CHECK_TARGETS += check-mcc-diag check-mcc-roundtrip

# mcc/mcc.h's contents and sections against the files of mcc/ (tests/layout/mcc_toc.py).
.PHONY: check-mcc-toc
check-mcc-toc:
	@$(HARNESS) run $(RESULTS) mcc/toc -- python3 tests/layout/mcc_toc.py

CHECK_TARGETS += check-mcc-toc

# the lowering's files call downward only, through the layers listed in mcc/mcc.h, and name
# their exports after themselves (tests/layout/lower_layers.py; lower_layers.sh also checks
# that the check fails on each kind of fault).
.PHONY: check-mcc-layers
check-mcc-layers:
	@$(HARNESS) run $(RESULTS) mcc/layers -- tests/layout/lower_layers.sh

CHECK_TARGETS += check-mcc-layers
