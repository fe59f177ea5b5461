# tests/layout: the internal header's table of contents matches the runtime's files
# (scripts/check-toc.py: every nanort/*.c has a section of nanort/nrt.h, every section a
# file, the first comment lists them in order, nothing is declared twice), and the check
# fails on each kind of mismatch (tests/layout/toc.sh builds the mutants).
#
#   make check-layout
.PHONY: check-layout
check-layout: scripts/check-toc.py tests/layout/toc.sh nanort/nrt.h
	@$(HARNESS) run $(RESULTS) layout/nrt_toc -- python3 scripts/check-toc.py nanort/nrt.h nanort
	@$(HARNESS) run $(RESULTS) layout/toc_mutants -- tests/layout/toc.sh nanort/nrt.h nanort

CHECK_TARGETS += check-layout
