# tests/ompss: the self-checking OmpSs programs (tests/ompss/*.c), the OmpSs samples
# (samples/<name>/, wired here: the top Makefile includes only samples/module.mk, which
# another part owns), the golden diagnostics of the lowering (tests/ompss/diag/) and the
# OmpSs application benchmarks (bench/ompss/).
#
#   make check-ompss-seq   every program and sample built with plain gcc, pragmas ignored
#                          (sequential semantics: proves their checks are right), every
#                          pragma parsed by mcc's pragma parser, the parser-level diag cases
#   make check-ompss       every program and sample built with mcc --ompss, run under
#                          --smp-workers 1 2 4 x --schedule bf wf dbf, plus tests/ompss/diag
#   make bench-ompss       bench/ompss/run.sh -> bench/results/ompss.md
OMPSS_DIR      := $(BUILD)/tests/ompss
OMPSS_TESTS    := $(filter-out tests/ompss/pragma_lint.c,$(wildcard tests/ompss/*.c))
OMPSS_SAMPLE_NAMES := fib cholesky matmul stream dot multisort heat sparselu
OMPSS_SAMPLES  := $(foreach s,$(OMPSS_SAMPLE_NAMES),samples/$(s)/$(s).c)
OMPSS_PROGRAMS := $(OMPSS_TESTS) $(OMPSS_SAMPLES)
OMPSS_DEPS     := tests/ompss/ompss_check.h tests/ompss/oss_macros_header.h tests/ompss/run.sh \
                  samples/cholesky/kernels.h samples/matmul/kernels.h
OMPSS_RUN       = BUILD=$(BUILD) CC="$(CC)" MCC=$(MCC_BIN) HARNESS=$(HARNESS) tests/ompss/run.sh
OMPSS_DIAG     := $(wildcard tests/ompss/diag/*.c)

# pragma_lint: mcc's own pragma parser (mcc/pragma*.c + mcc/diag.c) over preprocessed
# sources.
OMPSS_LINT      := $(OMPSS_DIR)/pragma_lint
OMPSS_LINT_SRCS := tests/ompss/pragma_lint.c $(wildcard mcc/pragma*.c) mcc/diag.c

$(OMPSS_LINT): $(OMPSS_LINT_SRCS) mcc/mcc.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -Imcc -o $@ $(OMPSS_LINT_SRCS) $(LDLIBS_COMMON)

.PHONY: check-ompss-seq check-ompss bench-ompss
check-ompss-seq: $(BUILD)/lib/libnanort.a $(OMPSS_DEPS) $(if $(wildcard mcc/diag.c),$(OMPSS_LINT))
	@$(OMPSS_RUN) seq $(RESULTS) $(OMPSS_PROGRAMS)
ifneq ($(wildcard mcc/diag.c),)
	@$(OMPSS_RUN) lint $(RESULTS) $(OMPSS_LINT) $(OMPSS_PROGRAMS)
	@$(HARNESS) run $(RESULTS) ompss/diag-lint -- tests/ompss/diag/run.sh --lint $(OMPSS_LINT) $(OMPSS_DIAG)
else
	@$(HARNESS) run $(RESULTS) ompss/pragma-lint -- sh -c 'echo "skipped: needs mcc/diag.c"; exit 77'
endif

# Every program and sample built by mcc and run under several NX_ARGS settings, plus the
# golden diagnostics of the lowering.  About 45 s on 2 cores.
check-ompss: $(MCC_BIN) $(BUILD)/lib/libnanort.a $(BUILD)/lib/mcc/include/omp.h $(OMPSS_DEPS)
	@$(OMPSS_RUN) mcc $(RESULTS) $(OMPSS_PROGRAMS)
	@$(HARNESS) run $(RESULTS) ompss/diag -- tests/ompss/diag/run.sh $(OMPSS_DIAG)

CHECK_TARGETS += check-ompss-seq check-ompss

# ---- bench/ompss: cholesky and matmul against OpenMP depend (gcc/libgomp, clang/libomp)
# and the sequential program.  Every variant links the kernels compiled once by gcc
# (bench/ompss/kernels.c; the samples with -DTILE_KERNELS_EXTERN); the sequential program
# is the sample itself built by gcc with the pragmas ignored (linked with nanort only for
# omp_get_wtime, run with one worker).
# Our column is built by run.sh with mcc, and reported only when mcc lowered the tasks.
BENCH_OMPSS_DIR   := $(BUILD)/bench/ompss
BENCH_OMPSS_APPS  := cholesky matmul
BENCH_OMPSS_CLANG := $(shell command -v clang 2>/dev/null)
BENCH_OMPSS_BINS  := $(foreach a,$(BENCH_OMPSS_APPS),$(BENCH_OMPSS_DIR)/$(a)-seq \
                       $(BENCH_OMPSS_DIR)/$(a)-libgomp $(if $(BENCH_OMPSS_CLANG),$(BENCH_OMPSS_DIR)/$(a)-libomp))
BENCH_OMPSS_KOBJ  := $(BENCH_OMPSS_DIR)/kernels.o

# -falign-functions=64: every binary places the kernels at the same offset within a 64-byte
# line, so their loops have the same alignment in all four variants (the default 16-byte
# alignment put bench_matmul at offsets 16, 32 and 48 of a line in different binaries, and
# on Intel cores a tight loop's speed can depend on where its branches fall in the
# instruction fetch windows).
$(BENCH_OMPSS_KOBJ): bench/ompss/kernels.c bench/ompss/kernels.h samples/cholesky/kernels.h \
                     samples/matmul/kernels.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -falign-functions=64 -c -o $@ $<

$(BENCH_OMPSS_DIR)/%-libgomp: bench/ompss/%_omp.c bench/ompss/kernels.h $(BENCH_OMPSS_KOBJ)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -fopenmp -o $@ $< $(BENCH_OMPSS_KOBJ) -lm

$(BENCH_OMPSS_DIR)/%-libomp: bench/ompss/%_omp.c bench/ompss/kernels.h $(BENCH_OMPSS_KOBJ)
	@mkdir -p $(@D)
	clang $(CFLAGS_COMMON) -fopenmp=libomp -o $@ $< $(BENCH_OMPSS_KOBJ) -lm

define BENCH_OMPSS_SEQ_RULE
$(BENCH_OMPSS_DIR)/$(1)-seq: samples/$(1)/$(1).c samples/$(1)/kernels.h $(BUILD)/lib/libnanort.a \
                             $(BENCH_OMPSS_KOBJ)
	@mkdir -p $$(@D)
	$(CC) $(CFLAGS_COMMON) -Wno-unknown-pragmas -Wno-unused-parameter -Imcc/include \
	    -DTILE_KERNELS_EXTERN -o $$@ $$< $(BENCH_OMPSS_KOBJ) $(BUILD)/lib/libnanort.a $(LDLIBS_COMMON)
endef
$(foreach a,$(BENCH_OMPSS_APPS),$(eval $(call BENCH_OMPSS_SEQ_RULE,$(a))))

bench-ompss: $(BENCH_OMPSS_BINS)
	@mkdir -p bench/results
	BUILD=$(BUILD) MCC=$(MCC_BIN) bench/ompss/run.sh $(BENCH_OMPSS_DIR) bench/results/ompss.md

# Not a timing test: every benchmark binary checks its own result at a small size.
.PHONY: check-bench-ompss
check-bench-ompss: $(BENCH_OMPSS_BINS)
	@for b in $(notdir $(BENCH_OMPSS_BINS)); do \
	  NX_ARGS=--smp-workers=2 OMP_NUM_THREADS=2 \
	    $(HARNESS) run $(RESULTS) bench/ompss/$$b -- $(BENCH_OMPSS_DIR)/$$b 256 32; \
	done

BENCH_TARGETS += bench-ompss
CHECK_TARGETS += check-bench-ompss
