# tests/mcc/headers: every header under /usr/include that gcc accepts alone must round-trip
# unchanged through `mcc -y` and compile again (tests/mcc/headers/walk.sh).
#   check-headers-walk   (in make check) HEADERS_MODE=--all: the full walk, 9124 headers of
#                        which 3972 accepted by gcc on Debian 12; it costs ~5 CPU-minutes
#                        (about 3 min on 2 idle cores; 10.5 min measured with load average
#                        ~12 from other work); HEADERS_MODE="--sample 700" checks a fixed
#                        sample of ~280 accepted headers instead (~20 s)
#   check-headers        the full walk alone, outside make check
#   check-doc-examples   (in make check) the example C programs under /usr/share/doc round-trip
#                        too (tests/mcc/headers/examples.sh; 40 on this machine)
MCC_TEST_DEP ?= $(if $(and $(wildcard mcc/driver.c),$(wildcard grammar/c.y)),$(MCC_BIN) $(BUILD)/lib/mcc/include/omp.h)
HEADERS_MODE ?= --all

.PHONY: check-headers-walk check-headers check-doc-examples
check-headers-walk: $(MCC_TEST_DEP)
	@BUILD=$(BUILD) HARNESS_TIMEOUT=1200 $(HARNESS) run $(RESULTS) headers/usr-include-roundtrip -- \
	  tests/mcc/headers/walk.sh $(HEADERS_MODE)

check-headers: $(MCC_TEST_DEP)
	BUILD=$(BUILD) tests/mcc/headers/walk.sh --all

check-doc-examples: $(MCC_TEST_DEP)
	@BUILD=$(BUILD) $(HARNESS) run $(RESULTS) headers/doc-examples-roundtrip -- tests/mcc/headers/examples.sh

CHECK_TARGETS += check-headers-walk check-doc-examples
