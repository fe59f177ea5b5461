# tests/mcc/debug: what users see of their tasks in gdb, gcc's diagnostics, AddressSanitizer
# and nanort's reports (issue 22; tests/mcc/debug/run.sh says what each checks):
# breakpoints on every line of a few programs against their sequential build, gdb sessions
# in task bodies, diagnostics inside task bodies against plain gcc's, ASan frames, task
# names.  About 30 s on 2 cores.  Needs build/bin/mcc (MCC_TEST_DEP) and the runtime; the
# gdb cases report skipped without gdb.
DEBUG_BP_CASES   := tests/mcc/debug/tasks.c tests/ompss/ported/array_reductions.c \
                    tests/ompss/ported/task_clauses.c tests/ompss/ported/jacobi_blocks.c \
                    tests/ompss/for_worksharing.c samples/sparselu/sparselu.c
DEBUG_GDB_CASES  := inline function loop reduction nested final step threads
DEBUG_DIAG_CASES := $(sort $(wildcard tests/mcc/debug/diag/*.c))

.PHONY: check-mcc-debug
check-mcc-debug: $(MCC_TEST_DEP) $(BUILD)/lib/libnanort.a
	@for f in $(DEBUG_BP_CASES); do \
	  BUILD=$(BUILD) $(HARNESS) run $(RESULTS) mcc/debug/breakpoints/$$(basename $$f .c) -- \
	    tests/mcc/debug/run.sh breakpoints $$f; \
	done
	@for c in $(DEBUG_GDB_CASES); do \
	  BUILD=$(BUILD) $(HARNESS) run $(RESULTS) mcc/debug/gdb/$$c -- tests/mcc/debug/run.sh gdb $$c; \
	done
	@for f in $(DEBUG_DIAG_CASES); do \
	  BUILD=$(BUILD) $(HARNESS) run $(RESULTS) mcc/debug/diag/$$(basename $$f .c) -- \
	    tests/mcc/debug/run.sh diag $$f; \
	done
	@for n in 1 2 3; do \
	  BUILD=$(BUILD) $(HARNESS) run $(RESULTS) mcc/debug/asan/$$n -- tests/mcc/debug/run.sh asan $$n; \
	done
	@BUILD=$(BUILD) $(HARNESS) run $(RESULTS) mcc/debug/names -- tests/mcc/debug/run.sh names

CHECK_TARGETS += check-mcc-debug
