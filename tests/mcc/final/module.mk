# tests/mcc/final: the serial path of code under final (mcc/lower_final.c; run.sh says what
# each checks): OpenMP semantics under final against gcc -fopenmp, and no task reaching the
# runtime under final.  About 10 s on 2 cores.
FINAL_SEMANTICS_CASES := tests/mcc/final/final_semantics.c

.PHONY: check-mcc-final
check-mcc-final: $(MCC_TEST_DEP) $(BUILD)/lib/libnanort.a
	@for f in $(FINAL_SEMANTICS_CASES); do \
	  BUILD=$(BUILD) $(HARNESS) run $(RESULTS) mcc/final/$$(basename $$f .c) -- \
	    tests/mcc/final/run.sh semantics $$f; \
	done
	@BUILD=$(BUILD) $(HARNESS) run $(RESULTS) mcc/final/counts -- tests/mcc/final/run.sh counts

CHECK_TARGETS += check-mcc-final

