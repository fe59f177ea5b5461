# tests/mcc/abi: mcc's prelude and descriptors against include/nanort.h (run.sh says how).
.PHONY: check-mcc-abi
check-mcc-abi: $(MCC_TEST_DEP)
	@BUILD=$(BUILD) $(HARNESS) run $(RESULTS) mcc/abi -- tests/mcc/abi/run.sh

CHECK_TARGETS += check-mcc-abi
