# tests/mcc/final: the serial path of code under final (mcc/lower_final.c, lower_serial.c;
# run.sh says what each checks): OpenMP semantics under final against gcc -fopenmp, and no
# task reaching the runtime under final.  About 10 s on 2 cores.
FINAL_SEMANTICS_CASES := tests/mcc/final/final_semantics.c

.PHONY: check-mcc-final
check-mcc-final: $(MCC_TEST_DEP) $(BUILD)/lib/libnanort.a
	@for f in $(FINAL_SEMANTICS_CASES); do \
	  BUILD=$(BUILD) $(HARNESS) run $(RESULTS) mcc/final/$$(basename $$f .c) -- \
	    tests/mcc/final/run.sh semantics $$f; \
	done
	@BUILD=$(BUILD) $(HARNESS) run $(RESULTS) mcc/final/counts -- tests/mcc/final/run.sh counts

CHECK_TARGETS += check-mcc-final

# bench/final: fib and nqueens with a final cut-off against the sequential program and
# gcc/libgomp (bench/final/README.md); part of `make bench`.  check-bench-final runs each
# variant once at a small size and checks its result (no timing).
.PHONY: bench-final check-bench-final
bench-final: $(MCC_BIN) $(BUILD)/lib/libnanort.a $(BUILD)/lib/mcc/include/omp.h
	@mkdir -p bench/results
	BUILD=$(BUILD) MCC=$(MCC_BIN) bench/final/run.sh $(BUILD)/bench/final bench/results/final.md

check-bench-final: $(MCC_BIN) $(BUILD)/lib/libnanort.a $(BUILD)/lib/mcc/include/omp.h
	@BUILD=$(BUILD) MCC=$(MCC_BIN) ROUNDS=1 FIB="24 10" NQUEENS="8 2" $(HARNESS) run $(RESULTS) \
	  bench/final -- bench/final/run.sh $(BUILD)/bench/final-check $(BUILD)/bench/final-check/final.md

BENCH_TARGETS += bench-final
CHECK_TARGETS += check-bench-final
