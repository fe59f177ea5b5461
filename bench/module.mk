# bench/: side-by-side benchmarks against peer runtimes (bench/README.md).
#   make bench          every benchmark this machine can run, then bench/results.md + plots
#   make bench-micro    per-task cost: nanort vs OpenMP (gcc/libgomp, clang/libomp) vs StarPU
#   make bench-metg     Task Bench's METG on the 1-D stencil, same four runtimes
#   make bench-scaling  cholesky and matmul speedup over 1..N workers, nanort vs OpenMP
#   make bench-sync     contended critical/atomic/lock in tasks, and the calls alone: mcc vs libgomp vs libomp
#   make bench-report   bench/results.md and bench/plots/ from what bench/results/ holds
#   make bench-workers  4,096 workers on a 20-task program, nanort vs libgomp (not in bench)
#   BENCH_QUICK=1       fewer rounds and points: a few minutes instead of about 15
#   BENCH_CORES=16      METG width/workers and the speedup curves' top (GPU host)
# The peers are built only when their compiler/library is present (scripts/deps.sh
# installs them); run.sh reports a missing one as n/a.  nanort's own binary needs the
# runtime's fragment (the rule for libnanort.a).
BENCH_MICRO_DIR := $(BUILD)/bench/micro
BENCH_MICRO_OBJ := $(BUILD)/obj/bench/micro
BENCH_CLANG     := $(shell command -v clang 2>/dev/null)
BENCH_STARPU    := $(shell pkg-config --exists starpu-1.3 2>/dev/null && echo starpu-1.3)
BENCH_MICRO_BINS := $(if $(wildcard nanort/module.mk),$(BENCH_MICRO_DIR)/nanort) \
                    $(BENCH_MICRO_DIR)/libgomp \
                    $(if $(BENCH_CLANG),$(BENCH_MICRO_DIR)/libomp) \
                    $(if $(BENCH_STARPU),$(BENCH_MICRO_DIR)/starpu)

# micro.c (bodies, spin loop, timing) is compiled once by gcc and linked into every
# peer, so all of them run the same body code.
# -falign-functions=64: the spin loop and bodies sit at the same offset within a 64-byte
# line in every peer's binary (at the default 16-byte alignment they landed at offsets 0,
# 16 and 48; a loop's speed can depend on where its branch falls in the fetch windows).
$(BENCH_MICRO_OBJ)/micro.o: bench/micro/micro.c bench/micro/micro.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -falign-functions=64 -c -o $@ $<

$(BENCH_MICRO_DIR)/nanort: bench/micro/nanort.c bench/micro/micro.h $(BENCH_MICRO_OBJ)/micro.o \
                           $(BUILD)/lib/libnanort.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -o $@ $< $(BENCH_MICRO_OBJ)/micro.o $(BUILD)/lib/libnanort.a $(LDLIBS_COMMON)

# The same graphs as recorded taskgraphs, replayed (bench/micro/taskgraph.sh).
$(BENCH_MICRO_DIR)/nanort-taskgraph: bench/micro/nanort_tg.c bench/micro/micro.h \
                                     $(BENCH_MICRO_OBJ)/micro.o $(BUILD)/lib/libnanort.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -o $@ $< $(BENCH_MICRO_OBJ)/micro.o $(BUILD)/lib/libnanort.a $(LDLIBS_COMMON)

$(BENCH_MICRO_DIR)/libgomp: bench/micro/omp.c bench/micro/micro.h $(BENCH_MICRO_OBJ)/micro.o
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -fopenmp -o $@ $< $(BENCH_MICRO_OBJ)/micro.o

$(BENCH_MICRO_DIR)/libomp: bench/micro/omp.c bench/micro/micro.h $(BENCH_MICRO_OBJ)/micro.o
	@mkdir -p $(@D)
	clang $(CFLAGS_COMMON) -fopenmp=libomp -o $@ $< $(BENCH_MICRO_OBJ)/micro.o

$(BENCH_MICRO_DIR)/starpu: bench/micro/starpu.c bench/micro/micro.h $(BENCH_MICRO_OBJ)/micro.o
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) $(shell pkg-config --cflags starpu-1.3) -o $@ $< \
	    $(BENCH_MICRO_OBJ)/micro.o $(shell pkg-config --libs starpu-1.3)

.PHONY: bench-micro check-bench-micro bench-taskgraph
bench-micro: $(BENCH_MICRO_BINS)
	@mkdir -p bench/results
	bench/micro/run.sh $(BENCH_MICRO_DIR) bench/results/micro.md

# Per-task cost of taskgraph replays against ordinary creation, side by side.
bench-taskgraph: $(BENCH_MICRO_DIR)/nanort $(BENCH_MICRO_DIR)/nanort-taskgraph
	@mkdir -p bench/results
	bench/micro/taskgraph.sh $(BENCH_MICRO_DIR) bench/results/taskgraph.md

# Not a timing test: every benchmark binary checks that its tasks computed what a
# sequential run computes, so a broken benchmark (or a broken dependence) fails here.
BENCH_MICRO_PATTERNS := indep chain stencil fan
check-bench-micro: $(BENCH_MICRO_BINS) $(BENCH_MICRO_DIR)/nanort-taskgraph
	@for b in $(notdir $(BENCH_MICRO_BINS)) nanort-taskgraph; do for p in $(BENCH_MICRO_PATTERNS); do \
	  NX_ARGS=--smp-workers=2 OMP_NUM_THREADS=2 STARPU_NCPU=2 STARPU_NOPENCL=0 STARPU_NCUDA=0 \
	    $(HARNESS) run $(RESULTS) bench/micro/$$b/$$p -- $(BENCH_MICRO_DIR)/$$b $$p 200 6400; \
	done; done

BENCH_TARGETS += bench-micro
CHECK_TARGETS += check-bench-micro

# ---- bench/metg: minimum effective task granularity (bench/README.md, "METG") ---------
BENCH_METG_DIR := $(BUILD)/bench/metg
BENCH_METG_OBJ := $(BUILD)/obj/bench/metg
BENCH_METG_BINS := $(if $(wildcard nanort/module.mk),$(BENCH_METG_DIR)/nanort \
                     $(BENCH_METG_DIR)/nanort-taskgraph) \
                   $(BENCH_METG_DIR)/libgomp \
                   $(if $(BENCH_CLANG),$(BENCH_METG_DIR)/libomp) \
                   $(if $(BENCH_STARPU),$(BENCH_METG_DIR)/starpu)

# As for micro: the body is compiled once by gcc and linked into every peer.
$(BENCH_METG_OBJ)/metg.o: bench/metg/metg.c bench/metg/metg.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -falign-functions=64 -c -o $@ $<   # as micro.o

$(BENCH_METG_DIR)/nanort: bench/metg/nanort.c bench/metg/metg.h $(BENCH_METG_OBJ)/metg.o \
                          $(BUILD)/lib/libnanort.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -o $@ $< $(BENCH_METG_OBJ)/metg.o $(BUILD)/lib/libnanort.a $(LDLIBS_COMMON)

# The stencil recorded as a taskgraph and replayed (libomp's taskgraph is not built in
# Debian's libomp, so this column has no OpenMP counterpart).
$(BENCH_METG_DIR)/nanort-taskgraph: bench/metg/nanort_tg.c bench/metg/metg.h $(BENCH_METG_OBJ)/metg.o \
                                    $(BUILD)/lib/libnanort.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -o $@ $< $(BENCH_METG_OBJ)/metg.o $(BUILD)/lib/libnanort.a $(LDLIBS_COMMON)

$(BENCH_METG_DIR)/libgomp: bench/metg/omp.c bench/metg/metg.h $(BENCH_METG_OBJ)/metg.o
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -fopenmp -o $@ $< $(BENCH_METG_OBJ)/metg.o -lpthread

$(BENCH_METG_DIR)/libomp: bench/metg/omp.c bench/metg/metg.h $(BENCH_METG_OBJ)/metg.o
	@mkdir -p $(@D)
	clang $(CFLAGS_COMMON) -fopenmp=libomp -o $@ $< $(BENCH_METG_OBJ)/metg.o -lpthread

$(BENCH_METG_DIR)/starpu: bench/metg/starpu.c bench/metg/metg.h $(BENCH_METG_OBJ)/metg.o
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) $(shell pkg-config --cflags starpu-1.3) -o $@ $< \
	    $(BENCH_METG_OBJ)/metg.o $(shell pkg-config --libs starpu-1.3) -lpthread

.PHONY: bench-metg check-bench-metg
bench-metg: $(BENCH_METG_BINS)
	@mkdir -p bench/results
	bench/metg/run.sh --bindir $(BENCH_METG_DIR) --out bench/results $(if $(BENCH_QUICK),--quick) \
	    $(if $(BENCH_CORES),--cores $(BENCH_CORES))

# Result check only (widths 1, 2 and 5: one cell, borders only, interior cells), no timing.
check-bench-metg: $(BENCH_METG_BINS)
	@for b in $(notdir $(BENCH_METG_BINS)); do for w in 1 2 5; do \
	  NX_ARGS=--smp-workers=2 OMP_NUM_THREADS=2 STARPU_NCPU=2 STARPU_NOPENCL=0 STARPU_NCUDA=0 \
	    $(HARNESS) run $(RESULTS) bench/metg/$$b/w$$w -- $(BENCH_METG_DIR)/$$b $$w 300 50; \
	done; done

BENCH_TARGETS += bench-metg
CHECK_TARGETS += check-bench-metg

# ---- speedup curves of cholesky and matmul over 1..N workers (bench/scaling.sh) ---------
.PHONY: bench-scaling
bench-scaling: $(BENCH_OMPSS_BINS) $(MCC_BIN) $(BUILD)/lib/libnanort.a
	BUILD=$(BUILD) MCC=$(MCC_BIN) bench/scaling.sh --bindir $(BENCH_OMPSS_DIR) \
	    --out bench/results/scaling.tsv $(if $(BENCH_QUICK),--quick) \
	    $(if $(BENCH_CORES),--max-workers $(BENCH_CORES))
BENCH_TARGETS += bench-scaling

# ---- contended critical sections, atomics and locks in tasks (bench/sync/README.md) ------
# check-bench-sync runs each variant once at a small size and checks its result (no timing).
.PHONY: bench-sync check-bench-sync
bench-sync: $(MCC_BIN) $(BUILD)/lib/libnanort.so $(BUILD)/lib/mcc/include/omp.h
	@mkdir -p bench/results
	BUILD=$(BUILD) MCC=$(MCC_BIN) bench/sync/run.sh $(BUILD)/bench/sync bench/results/sync.md

check-bench-sync: $(MCC_BIN) $(BUILD)/lib/libnanort.so $(BUILD)/lib/mcc/include/omp.h
	@BUILD=$(BUILD) MCC=$(MCC_BIN) ROUNDS=1 TASKS=8 OPS=500 CALLS=10000 TEAM_ROUNDS=200 KMEANS_STEPS=2 $(HARNESS) run $(RESULTS) \
	  bench/sync -- bench/sync/run.sh $(BUILD)/bench/sync-check $(BUILD)/bench/sync-check/sync.md
BENCH_TARGETS += bench-sync
CHECK_TARGETS += check-bench-sync

# ---- bench-workers: far more workers than cores, nanort against libgomp (not in `make
# bench`: it measures thread start-up, not tasks; bench/workers/run.sh says how).
.PHONY: bench-workers
bench-workers: $(MCC_BIN) $(BUILD)/lib/libnanort.so
	BUILD=$(BUILD) bench/workers/run.sh

# ---- BENCH_QUICK=1: the same benchmarks, fewer rounds and sizes ---------------------------
ifneq ($(BENCH_QUICK),)
bench-micro: export ROUNDS = 3
bench-micro: export NTASKS = 25600
bench-micro: export RUN_TIMEOUT = 10
bench-ompss: export ROUNDS = 3
bench-ompss: export CHOL_TILES = 128
bench-ompss: export MM_TILES = 128
bench-ompss: export COMPILE_ROUNDS = 3
BENCH_MCC_ROUNDS := 3
endif

# ---- the report: bench/results.md and bench/plots/ from bench/results/ ------------------
# `make bench-report` alone redraws them from the last runs' files.
.PHONY: bench-report
bench-report:
	bench/report.py all bench/results bench/results.md bench/plots

# Under `make bench` the benchmarks run one after the other even with -j (two at once would
# share the cores and measure each other), then the report.  A benchmark that fails stops
# `make bench`; `make bench-report` then writes what the others left.  Every target added to
# BENCH_TARGETS (bench/opencl, bench/cuda: included before this file or after) joins the
# chain as long as it is in BENCH_TARGETS when this line is read.
ifneq ($(filter bench,$(MAKECMDGOALS)),)
BENCH_RUNS := $(filter-out bench-report,$(BENCH_TARGETS))
bench-chain = $(if $(word 2,$(1)),$(eval $(word 2,$(1)): | $(firstword $(1)))$(call bench-chain,$(wordlist 2,$(words $(1)),$(1))))
$(call bench-chain,$(BENCH_RUNS))
bench-report: | $(BENCH_RUNS)
endif
BENCH_TARGETS += bench-report
