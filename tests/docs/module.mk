# tests/docs: the documentation that ships (docs/, the man pages, README.md) stays true:
# the man pages parse and list every option the programs have, links lead somewhere, the
# complete examples of docs/*.md build with mcc and run (tests/docs/check.sh).
#
#   make check-docs
.PHONY: check-docs
check-docs: $(MCC_BIN) $(BUILD)/lib/libnanort.so $(BUILD)/lib/mcc/include/omp.h \
            tests/docs/check.sh
	@for m in man links examples; do \
	  $(HARNESS) run $(RESULTS) docs/$$m -- env BUILD=$(BUILD) MCC=$(MCC_BIN) tests/docs/check.sh $$m; \
	done

CHECK_TARGETS += check-docs
