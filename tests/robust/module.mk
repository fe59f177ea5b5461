# tests/robust: runtime limits that must end in a result or a message that says what to
# do, never in a crash or a hang (tests/robust/run.sh lists them).  Programs built by mcc,
# checked against the same source built by plain gcc.  About 5 s on 2 cores.
#
#   make check-robust
.PHONY: check-robust
check-robust: $(MCC_BIN) $(BUILD)/lib/libnanort.a $(BUILD)/lib/mcc/include/omp.h
	@BUILD=$(BUILD) MCC=$(MCC_BIN) CC="$(CC)" HARNESS=$(HARNESS) tests/robust/run.sh $(RESULTS)

CHECK_TARGETS += check-robust
