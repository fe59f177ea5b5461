# tests/mcc/lower: tests of mcc's OmpSs lowering (mcc/lower*.c).  Each tests/mcc/lower/*.c is
# a self-checking program built with mcc --ompss and run with 1, 2 and 4 workers; each
# tests/mcc/lower/diag/*.c has the first diagnostic it must produce in its .err file;
# tests/mcc/lower/implements_tu/ is a program of three units built with mcc -c and linked.
# They need build/bin/mcc (MCC_TEST_DEP, tests/mcc/module.mk) and the runtime.
LOWER_RUN_CASES  := $(sort $(wildcard tests/mcc/lower/*.c))
LOWER_DIAG_CASES := $(sort $(wildcard tests/mcc/lower/diag/*.c))

.PHONY: check-mcc-lower
check-mcc-lower: $(MCC_TEST_DEP) $(BUILD)/lib/libnanort.a tests/ompss/ompss_check.h
	@for f in $(LOWER_RUN_CASES); do \
	  BUILD=$(BUILD) $(HARNESS) run $(RESULTS) mcc/lower/$$(basename $$f .c) -- \
	    tests/mcc/lower/run.sh run $$f; \
	done
	@BUILD=$(BUILD) $(HARNESS) run $(RESULTS) mcc/lower/implements_tu -- \
	  tests/mcc/lower/implements_tu/run.sh
	@for f in $(LOWER_DIAG_CASES); do \
	  BUILD=$(BUILD) $(HARNESS) run $(RESULTS) mcc/lower/diag/$$(basename $$f .c) -- \
	    tests/mcc/lower/run.sh diag $$f; \
	done

CHECK_TARGETS += check-mcc-lower
