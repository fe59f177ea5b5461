# tests/instr: what users see of a run (nanort/instr*.c, stats.c, crash.c): --trace
# validated as JSON and against the known task graph of known_graph.c, --graph counted
# and rendered with dot, the --summary table, the crash report of a task, device tracks
# and transfer spans (device_trace.c: skipped without an OpenCL device).
#
#   make check-instr      every test below (tests/instr/run.sh does the checking)
INSTR_DIR    := $(BUILD)/tests/instr
INSTR_KNOWN  := $(INSTR_DIR)/known_graph
INSTR_DEVICE := $(INSTR_DIR)/device_trace
INSTR_RUN     = env BUILD=$(BUILD) MCC=$(MCC_BIN) tests/instr/run.sh

$(INSTR_DIR)/%: tests/instr/%.c include/nanort.h $(NANORT_LIB_A)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -o $@ $< $(NANORT_LIB_A) $(LDLIBS_COMMON)

INSTR_TG     := $(INSTR_DIR)/taskgraph_trace
ALL_TARGETS += $(INSTR_KNOWN) $(INSTR_DEVICE) $(INSTR_TG)

.PHONY: check-instr
check-instr: $(INSTR_KNOWN) $(INSTR_DEVICE) $(INSTR_TG) tests/instr/taskgraph.sh $(MCC_BIN) $(BUILD)/lib/libnanort.so \
             $(BUILD)/lib/mcc/include/omp.h tests/instr/run.sh tests/instr/check_trace.py \
             tests/instr/check_graph.py tests/instr/ending.c tests/instr/ending.py \
             tests/instr/stuck.c tests/instr/racy.c tests/instr/summary_main.c tests/instr/summary_fork.c \
             tests/instr/check_paraver.py tests/ompss/compat/nanos_instrument.c \
             tests/ompss/taskgraph_values.c
	@for w in 1 2 4; do \
	  $(HARNESS) run $(RESULTS) instr/known-graph-w$$w -- $(INSTR_RUN) known $(INSTR_KNOWN) $$w; \
	done
	@$(HARNESS) run $(RESULTS) instr/summary-table -- $(INSTR_RUN) summary $(INSTR_KNOWN)
	@$(HARNESS) run $(RESULTS) instr/crash-names-task -- $(INSTR_RUN) crash $(INSTR_KNOWN)
	@$(HARNESS) run $(RESULTS) instr/crash-chains-handler -- $(INSTR_RUN) crash-chain $(INSTR_KNOWN)
	@$(HARNESS) run $(RESULTS) instr/crash-names-overflow -- $(INSTR_RUN) crash-overflow $(INSTR_KNOWN)
	@$(HARNESS) run $(RESULTS) instr/graph-crash -- $(INSTR_RUN) graph-crash $(INSTR_KNOWN)
	@$(HARNESS) run $(RESULTS) instr/trace-unwritable -- $(INSTR_RUN) unwritable $(INSTR_KNOWN)
	@$(HARNESS) run $(RESULTS) instr/mcc-cholesky -- $(INSTR_RUN) mcc-cholesky
	@$(HARNESS) run $(RESULTS) instr/summary-nested -- $(INSTR_RUN) summary-nested
	@$(HARNESS) run $(RESULTS) instr/summary-main -- $(INSTR_RUN) summary-main
	@$(HARNESS) run $(RESULTS) instr/summary-fork -- $(INSTR_RUN) summary-fork
	@$(HARNESS) run $(RESULTS) instr/trace-fork -- $(INSTR_RUN) trace-fork
	@$(HARNESS) run $(RESULTS) instr/ompss-programs -- $(INSTR_RUN) ompss-programs
	@$(HARNESS) run $(RESULTS) instr/device-tracks -- $(INSTR_RUN) devices $(INSTR_DEVICE)
	@$(HARNESS) run $(RESULTS) instr/taskgraph -- tests/instr/taskgraph.sh $(INSTR_TG)
	@$(HARNESS) run $(RESULTS) instr/taskgraph-values -- $(INSTR_RUN) taskgraph-values
	@for m in sigterm sigint ignored exit; do \
	  $(HARNESS) run $(RESULTS) instr/ending-$$m -- $(INSTR_RUN) ending $$m; \
	done
	@$(HARNESS) run $(RESULTS) instr/trace-cap -- $(INSTR_RUN) trace-cap
	@$(HARNESS) run $(RESULTS) instr/watchdog -- $(INSTR_RUN) watchdog
	@$(HARNESS) run $(RESULTS) instr/tsan-programs -- $(INSTR_RUN) tsan
	@$(HARNESS) run $(RESULTS) instr/paraver -- $(INSTR_RUN) paraver $(INSTR_KNOWN) $(INSTR_DEVICE)
	@$(HARNESS) run $(RESULTS) instr/help-options -- $(INSTR_RUN) help $(INSTR_KNOWN)
	@$(HARNESS) run $(RESULTS) instr/user-events -- $(INSTR_RUN) user-events

CHECK_TARGETS += check-instr
