# tests/mcc/fuzz: libFuzzer target for mcc's lexer/parser/rewriter (tests/mcc/fuzz/README.md), and
# bench/mcc's rule (compile-time benchmark of mcc -y, bench/mcc/README.md).
#
# The fuzzer is built with clang from the mcc sources minus the driver plus the flex/bison
# outputs, with address, undefined and fuzzer instrumentation, into build/fuzz/.
FUZZ_DIR    := $(BUILD)/fuzz
FUZZ_BIN    := $(FUZZ_DIR)/fuzz_translate
FUZZ_CC     ?= clang
FUZZ_SAN    := -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS := -std=gnu11 -g -O1 $(FUZZ_SAN) -fsanitize=fuzzer-no-link -D_GNU_SOURCE \
               -Iinclude -Imcc -I$(BUILD)/gen -w
# The objects of mcc (mcc/module.mk's MCC_OBJS) minus the driver, rebuilt under build/fuzz/;
# driver_proc.o stays (libc only: the string lists link_check.c fills).
FUZZ_OBJS   := $(patsubst $(BUILD)/obj/%,$(FUZZ_DIR)/obj/%,\
                 $(filter-out $(filter-out %/driver_proc.o,$(filter $(BUILD)/obj/mcc/driver%.o,\
                                 $(MCC_OBJS))),$(MCC_OBJS)))
FUZZ_TIME   ?= 60
# `make check` builds the fuzzer once the parser exists (its grammar is there) and clang is
# installed; without them the fuzz tests report "skipped".
FUZZ_TEST_DEP := $(if $(and $(wildcard grammar/c.y),$(shell command -v $(FUZZ_CC) 2>/dev/null)),\
                   $(FUZZ_BIN) $(FUZZ_DIR)/seeds.stamp $(FUZZ_DIR)/fuzz_pragma \
                   $(FUZZ_DIR)/pragma-seeds.stamp)

# Each depends on the regular build's object too, so that whatever that one needs first
# (generated headers) exists.
$(FUZZ_DIR)/obj/mcc/%.o: mcc/%.c $(BUILD)/obj/mcc/%.o
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c -o $@ $<

$(FUZZ_DIR)/obj/gen/%.o: $(BUILD)/gen/%.c $(BUILD)/obj/gen/%.o
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c -o $@ $<

$(FUZZ_BIN): tests/mcc/fuzz/fuzz_translate.c $(FUZZ_OBJS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^ $(LDLIBS_COMMON)

# The pragma lexer and parser alone (tests/mcc/fuzz/fuzz_pragma.c), seeded with every pragma
# line of the OmpSs tests and samples.
FUZZ_PRAGMA_BIN := $(FUZZ_DIR)/fuzz_pragma
$(FUZZ_PRAGMA_BIN): tests/mcc/fuzz/fuzz_pragma.c $(FUZZ_OBJS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^ $(LDLIBS_COMMON)

$(FUZZ_DIR)/pragma-seeds.stamp: tests/mcc/fuzz/fuzz.sh $(wildcard tests/ompss/*.c samples/*/*.c) \
                                tests/mcc/pragma/diagnostics.txt
	@tests/mcc/fuzz/fuzz.sh pragma-seeds $(FUZZ_DIR)/pragma-seeds > /dev/null
	@touch $@

$(FUZZ_DIR)/seeds.stamp: tests/mcc/fuzz/fuzz.sh $(wildcard tests/mcc/cprog/*.c tests/mcc/fuzz/seeds/*)
	@tests/mcc/fuzz/fuzz.sh seeds $(FUZZ_DIR)/seeds > /dev/null
	@touch $@

.PHONY: check-fuzz check-fuzz-mutants fuzz
# Replay the seeds and every saved regression input, then fuzz for FUZZ_TIME seconds (the
# pragma parser alone for FUZZ_PRAGMA_TIME).
FUZZ_PRAGMA_TIME ?= 15
check-fuzz: $(FUZZ_TEST_DEP)
	@$(HARNESS) run $(RESULTS) fuzz/replay-seeds-and-regressions -- \
	  tests/mcc/fuzz/fuzz.sh replay $(FUZZ_BIN) $(FUZZ_DIR)/seeds tests/mcc/fuzz/regress
	@rm -rf $(FUZZ_DIR)/corpus
	@$(HARNESS) run $(RESULTS) fuzz/translate-$(FUZZ_TIME)s -- \
	  tests/mcc/fuzz/fuzz.sh run $(FUZZ_BIN) $(FUZZ_TIME) $(FUZZ_DIR)/corpus $(FUZZ_DIR)/seeds
	@rm -rf $(FUZZ_DIR)/corpus-pragma-check
	@$(HARNESS) run $(RESULTS) fuzz/pragma-$(FUZZ_PRAGMA_TIME)s -- \
	  tests/mcc/fuzz/fuzz.sh run $(FUZZ_PRAGMA_BIN) $(FUZZ_PRAGMA_TIME) $(FUZZ_DIR)/corpus-pragma-check \
	  $(FUZZ_DIR)/pragma-seeds

# A bounded sample of the pragma mutation campaign (tests/mcc/fuzz/mutants.py): the same
# FUZZ_MUTANTS mutants every time (seed FUZZ_MUTANT_SEED); fails when mcc crashes on one or
# accepts one whose output gcc rejects.  Failing cases are kept in build/fuzz/mutants-bad.
FUZZ_MUTANTS ?= 300
FUZZ_MUTANT_SEED ?= 1
MCC_TEST_DEP ?= $(if $(and $(wildcard mcc/driver.c),$(wildcard grammar/c.y)),$(MCC_BIN) $(BUILD)/lib/mcc/include/omp.h)
FUZZ_MUTANT_PROGRAMS := $(filter-out tests/ompss/pragma_lint.c,$(wildcard tests/ompss/*.c)) \
                        $(wildcard samples/*/*.c tests/mcc/lower/*.c tests/ompss/ported/*.c)
check-fuzz-mutants: $(MCC_TEST_DEP)
	@rm -rf $(FUZZ_DIR)/mutants-bad
	@MCC=$(MCC_BIN) $(HARNESS) run $(RESULTS) fuzz/pragma-mutants-$(FUZZ_MUTANTS) -- \
	  tests/mcc/fuzz/mutants.py --count $(FUZZ_MUTANTS) --seed $(FUZZ_MUTANT_SEED) \
	  --work $(FUZZ_DIR)/mutants-work --keep $(FUZZ_DIR)/mutants-bad $(FUZZ_MUTANT_PROGRAMS)

# The long campaign (tests/mcc/fuzz/campaign.sh): FUZZ_LONG seconds (default one hour) over
# both fuzzers and the pragma mutants; corpora kept in build/fuzz/corpus-long and
# corpus-pragma.  On a shared machine: nice -n 19 make fuzz.
FUZZ_LONG ?= 3600
fuzz: $(FUZZ_BIN) $(FUZZ_DIR)/seeds.stamp $(FUZZ_PRAGMA_BIN) $(MCC_BIN) $(BUILD)/lib/mcc/include/omp.h
	BUILD=$(BUILD) MCC=$(MCC_BIN) tests/mcc/fuzz/campaign.sh $(FUZZ_LONG) $(FUZZ_SEED)

# mcc and gcc -fopenmp on the cases of gcc_agreement.txt: both accept or both reject each
# (tests/mcc/fuzz/README.md).  About 30 s.
.PHONY: check-fuzz-gcc-agreement
check-fuzz-gcc-agreement: $(MCC_TEST_DEP)
	@BUILD=$(BUILD) MCC=$(MCC_BIN) $(HARNESS) run $(RESULTS) fuzz/gcc-agreement -- \
	  tests/mcc/fuzz/gcc_agreement.sh tests/mcc/fuzz/gcc_agreement.txt

CHECK_TARGETS += check-fuzz check-fuzz-mutants check-fuzz-gcc-agreement

# ---- bench/mcc: compile time of mcc -y against gcc (bench/mcc/README.md) --------------
# translate_time links the translator without the driver and times mcc_translate() alone.
BENCH_MCC_TIMER := $(BUILD)/bench/mcc/translate_time
$(BENCH_MCC_TIMER): bench/mcc/translate_time.c $(filter-out $(BUILD)/obj/mcc/driver.o,$(MCC_OBJS))
	@mkdir -p $(dir $@)
	$(CC) $(MCC_CFLAGS) -o $@ $^ $(LDLIBS_COMMON)

.PHONY: bench-mcc
bench-mcc: $(MCC_BIN) $(BENCH_MCC_TIMER)
	BUILD=$(BUILD) bench/mcc/run.sh $(BENCH_MCC_ROUNDS)
BENCH_MCC_ROUNDS ?= 11
BENCH_TARGETS += bench-mcc

# ---- bench/mcc/diag.sh: how long mcc takes to answer malformed pragmas, against gcc -----
.PHONY: bench-mcc-diag
bench-mcc-diag: $(MCC_BIN)
	BUILD=$(BUILD) bench/mcc/diag.sh $(BENCH_MCC_ROUNDS)
BENCH_TARGETS += bench-mcc-diag
