# tests/mcc/driver: the mcc command line (gcc-like options, the pipeline, temporary files,
# install).  One shell script per behaviour, each run through the harness as driver/<name>;
# lib.sh holds their helpers.
DRIVER_TESTS := $(filter-out lib,$(basename $(notdir $(wildcard tests/mcc/driver/*.sh))))
DRIVER_DEPS  := $(BUILD)/bin/mcc $(BUILD)/lib/mcc/include/omp.h \
                $(BUILD)/lib/libnanort.a $(BUILD)/lib/libnanort.so $(BUILD)/bin/nanort-perfmodel \
                $(BUILD)/lib/libnanort-debug.so

.PHONY: check-driver
check-driver: $(DRIVER_DEPS)
	@for t in $(DRIVER_TESTS); do \
	  MCC=$(abspath $(BUILD)/bin/mcc) TOP=$(CURDIR) BUILD=$(abspath $(BUILD)) \
	    $(HARNESS) run $(RESULTS) driver/$$t -- tests/mcc/driver/$$t.sh; \
	done

CHECK_TARGETS += check-driver
