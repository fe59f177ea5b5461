# tests/unit/module.mk - the runtime's Check suites, and the sanitizer builds of the
# runtime that the suites and the stress test (tests/stress/) link against.
#
#   build/tests/unit/<suite>        deps nested sched throttle config options cancel (+ nx_probe)
#   build/tsan/libnanort.a          $(NANORT_SRCS) with -fsanitize=thread
#   build/asan/libnanort.a          $(NANORT_SRCS) with -fsanitize=address,undefined
#   build/{tsan,asan}/tests/unit/<suite>
#
# make check runs every suite once per setting (workers x policy), named
# unit/<suite>[<policy>,<workers>], and the sanitizer builds under fewer settings,
# named unit-tsan/... and unit-asan/....  Each setting is its own target, so
# `make -j2 check` runs two at a time.

UNIT_DIR      := $(BUILD)/tests/unit
UNIT_COMMA    := ,
UNIT_SUITES   := deps nested sched throttle config timeline taskgraph options locks cancel
UNIT_SCHEDS   := bf wf dbf versioning affinity
UNIT_WORKERS  := 1 2 4
UNIT_CFLAGS   := $(CFLAGS_COMMON) $(CHECK_CFLAGS)
UNIT_UTIL     := tests/unit/util.c
UNIT_HDRS     := tests/unit/util.h tests/unit/fakedev.h include/nanort.h nanort/nrt.h

# ---- sanitizer builds of the runtime ------------------------------------------------
SAN_KINDS       := tsan asan
SAN_FLAGS_tsan  := -fsanitize=thread
SAN_FLAGS_asan  := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
# The checking build's invariants are on in the sanitizer builds.
SAN_RT_CFLAGS    = $(CFLAGS_COMMON) -Inanort -DNRT_CHECKING -O1
SAN_ENV_tsan    := TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1"
SAN_ENV_asan    := ASAN_OPTIONS="detect_leaks=1 halt_on_error=1 exitcode=66" \
                   UBSAN_OPTIONS="halt_on_error=1 print_stacktrace=1" LSAN_OPTIONS="exitcode=66"

define san_lib
$(BUILD)/$(1)/obj/%.o: %.c nanort/nrt.h include/nanort.h
	@mkdir -p $$(dir $$@)
	$$(CC) $$(SAN_RT_CFLAGS) $$(SAN_FLAGS_$(1)) -c $$< -o $$@
$(BUILD)/$(1)/libnanort.a: $$(NANORT_SRCS:%.c=$(BUILD)/$(1)/obj/%.o)
	@mkdir -p $$(dir $$@)
	rm -f $$@ && ar rcs $$@ $$^
$(BUILD)/$(1)/tests/unit/%: tests/unit/%.c $(UNIT_UTIL) $(UNIT_HDRS) $(BUILD)/$(1)/libnanort.a
	@mkdir -p $$(dir $$@)
	$$(CC) $$(UNIT_CFLAGS) -O1 $$(SAN_FLAGS_$(1)) $$< $(UNIT_UTIL) -o $$@ \
	    $(BUILD)/$(1)/libnanort.a $$(CHECK_LIBS) $$(LDLIBS_COMMON)
endef
$(foreach k,$(SAN_KINDS),$(eval $(call san_lib,$(k))))

# ---- the suites ---------------------------------------------------------------------
$(BUILD)/obj/tests/unit/%.o: tests/unit/%.c $(UNIT_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(UNIT_CFLAGS) -c $< -o $@

$(UNIT_DIR)/nx_probe: $(BUILD)/obj/tests/unit/nx_probe.o $(NANORT_LIB_A)
	@mkdir -p $(dir $@)
	$(CC) $< -o $@ $(NANORT_LIB_A) $(LDLIBS_COMMON)

$(UNIT_DIR)/%: $(BUILD)/obj/tests/unit/%.o $(BUILD)/obj/tests/unit/util.o $(NANORT_LIB_A)
	@mkdir -p $(dir $@)
	$(CC) $^ -o $@ $(CHECK_LIBS) $(LDLIBS_COMMON)

# cache: the device layer on the fake accelerator (fakedev.c, linked into it).
$(UNIT_DIR)/cache: $(BUILD)/obj/tests/unit/cache.o $(BUILD)/obj/tests/unit/fakedev.o \
                   $(BUILD)/obj/tests/unit/util.o $(NANORT_LIB_A)
	@mkdir -p $(dir $@)
	$(CC) $^ -o $@ $(CHECK_LIBS) $(LDLIBS_COMMON)
$(BUILD)/obj/tests/unit/cache.o $(BUILD)/obj/tests/unit/fakedev.o: tests/unit/fakedev.h nanort/nrt.h
$(foreach k,$(SAN_KINDS),$(eval \
$(BUILD)/$(k)/tests/unit/cache: tests/unit/cache.c tests/unit/fakedev.c tests/unit/fakedev.h \
                                $(UNIT_UTIL) $(UNIT_HDRS) nanort/nrt.h $(BUILD)/$(k)/libnanort.a ; \
	@mkdir -p $$(dir $$@) && \
	$$(CC) $$(UNIT_CFLAGS) -O1 $$(SAN_FLAGS_$(k)) tests/unit/cache.c tests/unit/fakedev.c \
	    $(UNIT_UTIL) -o $$@ $(BUILD)/$(k)/libnanort.a $$(CHECK_LIBS) $$(LDLIBS_COMMON)))

# taskgraph_dev: recorded graphs of device tasks, on the fake accelerator too.
$(UNIT_DIR)/taskgraph_dev: $(BUILD)/obj/tests/unit/taskgraph_dev.o $(BUILD)/obj/tests/unit/fakedev.o \
                           $(BUILD)/obj/tests/unit/util.o $(NANORT_LIB_A)
	@mkdir -p $(dir $@)
	$(CC) $^ -o $@ $(CHECK_LIBS) $(LDLIBS_COMMON)
$(BUILD)/obj/tests/unit/taskgraph_dev.o: tests/unit/fakedev.h nanort/nrt.h
$(foreach k,$(SAN_KINDS),$(eval \
$(BUILD)/$(k)/tests/unit/taskgraph_dev: tests/unit/taskgraph_dev.c tests/unit/fakedev.c tests/unit/fakedev.h \
                                $(UNIT_UTIL) $(UNIT_HDRS) nanort/nrt.h $(BUILD)/$(k)/libnanort.a ; \
	@mkdir -p $$(dir $$@) && \
	$$(CC) $$(UNIT_CFLAGS) -O1 $$(SAN_FLAGS_$(k)) tests/unit/taskgraph_dev.c tests/unit/fakedev.c \
	    $(UNIT_UTIL) -o $$@ $(BUILD)/$(k)/libnanort.a $$(CHECK_LIBS) $$(LDLIBS_COMMON)))

UNIT_BINS := $(UNIT_SUITES:%=$(UNIT_DIR)/%) $(UNIT_DIR)/cache $(UNIT_DIR)/nx_probe \
             $(UNIT_DIR)/taskgraph_dev
# Keep the objects (make would delete them as intermediates of the pattern rules).
.SECONDARY: $(patsubst %,$(BUILD)/obj/tests/unit/%.o,$(UNIT_SUITES) util nx_probe cache fakedev \
                                                      taskgraph_dev)
ALL_TARGETS += $(if $(CHECK_LIBS),$(UNIT_BINS))

# ---- check targets: one per (suite, policy, workers) --------------------------------
# unit_run(target, name, env, binary)
define unit_run
.PHONY: $(1)
CHECK_TARGETS += $(1)
$(1): $(4)
	@$(3) $$(HARNESS) check $$(RESULTS) '$(2)' -- $(4)
endef

# deps, nested, sched, taskgraph, cancel: every policy x 1, 2, 4 workers.
$(foreach s,deps nested sched taskgraph cancel,$(foreach p,$(UNIT_SCHEDS),$(foreach w,$(UNIT_WORKERS),\
  $(eval $(call unit_run,check-unit-$(s)-$(p)-$(w),unit/$(s)[$(p)$(UNIT_COMMA)$(w)],\
    NX_ARGS="--smp-workers=$(w) --schedule=$(p)",$(UNIT_DIR)/$(s))))))
# --critical-successors=1 (tasks made ready with a successor go first) and
# --critical-reach=2 (the same, counting the successors' successors): deps and sched
# under three policies with several workers (the order tests set them themselves).
$(foreach s,deps sched,$(foreach pw,dbf-2 wf-2,\
  $(eval $(call unit_run,check-unit-$(s)-critical-$(pw),unit/$(s)[$(subst -,$(UNIT_COMMA),$(pw))$(UNIT_COMMA)critical],\
    NX_ARGS="--smp-workers=$(lastword $(subst -, ,$(pw))) --schedule=$(firstword $(subst -, ,$(pw))) --critical-successors=1",$(UNIT_DIR)/$(s)))))
$(foreach s,deps sched,$(foreach pw,bf-4 dbf-4,\
  $(eval $(call unit_run,check-unit-$(s)-reach-$(pw),unit/$(s)[$(subst -,$(UNIT_COMMA),$(pw))$(UNIT_COMMA)reach],\
    NX_ARGS="--smp-workers=$(lastword $(subst -, ,$(pw))) --schedule=$(firstword $(subst -, ,$(pw))) --critical-reach=2",$(UNIT_DIR)/$(s)))))
# --critical-path (ranks at every taskwait, every ranked task through the heap: the suites'
# bodies are short): deps and sched, 2 and 4 workers.
$(foreach s,deps sched,$(foreach pw,bf-2 dbf-4,\
  $(eval $(call unit_run,check-unit-$(s)-cpath-$(pw),unit/$(s)[$(subst -,$(UNIT_COMMA),$(pw))$(UNIT_COMMA)cpath],\
    NX_ARGS="--smp-workers=$(lastword $(subst -, ,$(pw))) --schedule=$(firstword $(subst -, ,$(pw))) --critical-path --critical-path-us=0",$(UNIT_DIR)/$(s)))))
# --tree-start (workers start workers): sched and deps with 4 workers, and under TSan.
$(foreach s,deps sched,$(foreach pw,dbf-4 bf-4,\
  $(eval $(call unit_run,check-unit-$(s)-tree-$(pw),unit/$(s)[$(subst -,$(UNIT_COMMA),$(pw))$(UNIT_COMMA)tree-start],\
    NX_ARGS="--smp-workers=$(lastword $(subst -, ,$(pw))) --schedule=$(firstword $(subst -, ,$(pw))) --tree-start",$(UNIT_DIR)/$(s)))))
# throttle: every policy with 2 workers, and dbf with 1 and 4; a small limit.  The
# suite's bodies are tiny, so the cut-off (--inline-below) would run them all in their
# creator and nothing would queue: it is off here, except in the last setting.
$(foreach pw,bf-2 wf-2 dbf-2 versioning-2 affinity-2 dbf-1 dbf-4,\
  $(eval $(call unit_run,check-unit-throttle-$(pw),unit/throttle[$(subst -,$(UNIT_COMMA),$(pw))],\
    NX_ARGS="--smp-workers=$(lastword $(subst -, ,$(pw))) --schedule=$(firstword $(subst -, ,$(pw))) --throttle-limit=256 --inline-below=0",\
    $(UNIT_DIR)/throttle)))
$(eval $(call unit_run,check-unit-throttle-dbf-2-cutoff,unit/throttle[dbf$(UNIT_COMMA)2$(UNIT_COMMA)cut-off],\
  NX_ARGS="--smp-workers=2 --schedule=dbf --throttle-limit=256",$(UNIT_DIR)/throttle))
# config runs nx_probe with its own environments.
$(eval $(call unit_run,check-unit-config,unit/config,UT_POLICIES="$(UNIT_SCHEDS)",$(UNIT_DIR)/config))
check-unit-config: $(UNIT_DIR)/nx_probe
# options: sizes, Nanos++ options and variables, --stack-size (nx_probe and direct calls).
$(eval $(call unit_run,check-unit-options,unit/options,,$(UNIT_DIR)/options))
check-unit-options: $(UNIT_DIR)/nx_probe
$(BUILD)/obj/tests/unit/options.o: nanort/nrt.h
# locks: nrt.h's lock wrappers and NRT_ASSERT_HELD in a checking build (no runtime started).
$(eval $(call unit_run,check-unit-locks,unit/locks,,$(UNIT_DIR)/locks))
$(BUILD)/obj/tests/unit/locks.o: nanort/nrt.h
# timeline: the device timeline's interval arithmetic (no runtime started).
$(eval $(call unit_run,check-unit-timeline,unit/timeline,,$(UNIT_DIR)/timeline))
$(BUILD)/obj/tests/unit/timeline.o: nanort/nrt.h

# cache: the device layer, with 1, 2 and 4 workers and three policies.
$(foreach pw,dbf-1 dbf-2 bf-2 wf-2 dbf-4,\
  $(eval $(call unit_run,check-unit-cache-$(pw),unit/cache[$(subst -,$(UNIT_COMMA),$(pw))],\
    NX_ARGS="--smp-workers=$(lastword $(subst -, ,$(pw))) --schedule=$(firstword $(subst -, ,$(pw)))",\
    $(UNIT_DIR)/cache)))
# taskgraph_dev: the same settings as cache.
$(foreach pw,dbf-1 dbf-2 bf-2 wf-2 dbf-4,\
  $(eval $(call unit_run,check-unit-taskgraph_dev-$(pw),unit/taskgraph_dev[$(subst -,$(UNIT_COMMA),$(pw))],\
    NX_ARGS="--smp-workers=$(lastword $(subst -, ,$(pw))) --schedule=$(firstword $(subst -, ,$(pw)))",\
    $(UNIT_DIR)/taskgraph_dev)))
$(foreach k,$(SAN_KINDS),\
  $(eval $(call unit_run,check-unit-$(k)-taskgraph_dev-dbf-2,unit-$(k)/taskgraph_dev[dbf$(UNIT_COMMA)2],\
    $(SAN_ENV_$(k)) CK_TIMEOUT_MULTIPLIER=4 NX_ARGS="--smp-workers=2 --schedule=dbf",\
    $(BUILD)/$(k)/tests/unit/taskgraph_dev)))
$(foreach k,$(SAN_KINDS),\
  $(eval $(call unit_run,check-unit-$(k)-cache-dbf-2,unit-$(k)/cache[dbf$(UNIT_COMMA)2],\
    $(SAN_ENV_$(k)) CK_TIMEOUT_MULTIPLIER=4 NX_ARGS="--smp-workers=2 --schedule=dbf",\
    $(BUILD)/$(k)/tests/unit/cache)))

# Sanitizers: 2 and 4 workers, two policies.  The suites never start the runtime in
# their own process (ut_probe_runtime), so Check's fork mode works under TSan too.  A
# sanitizer report exits the test's process with 66: Check counts that test as an error.
SAN_SETTINGS := dbf-2 bf-4
$(foreach k,$(SAN_KINDS),$(foreach s,deps nested sched throttle taskgraph cancel,$(foreach pw,$(SAN_SETTINGS),\
  $(eval $(call unit_run,check-unit-$(k)-$(s)-$(pw),unit-$(k)/$(s)[$(subst -,$(UNIT_COMMA),$(pw))],\
    $(SAN_ENV_$(k)) CK_TIMEOUT_MULTIPLIER=4 \
    UT_THROTTLE_TASKS=200000 UT_THROTTLE_MAX_RSS_MB=2000 \
    NX_ARGS="--smp-workers=$(lastword $(subst -, ,$(pw))) --schedule=$(firstword $(subst -, ,$(pw))) --throttle-limit=256",\
    $(BUILD)/$(k)/tests/unit/$(s))))))

$(foreach s,deps sched,\
  $(eval $(call unit_run,check-unit-tsan-$(s)-dbf-2-critical,unit-tsan/$(s)[dbf$(UNIT_COMMA)2$(UNIT_COMMA)critical],\
    $(SAN_ENV_tsan) CK_TIMEOUT_MULTIPLIER=4 NX_ARGS="--smp-workers=2 --schedule=dbf --throttle-limit=256 --critical-successors=1",\
    $(BUILD)/tsan/tests/unit/$(s))))

$(eval $(call unit_run,check-unit-tsan-sched-dbf-4-tree,unit-tsan/sched[dbf$(UNIT_COMMA)4$(UNIT_COMMA)tree-start],\
  $(SAN_ENV_tsan) CK_TIMEOUT_MULTIPLIER=4 NX_ARGS="--smp-workers=4 --schedule=dbf --throttle-limit=256 --tree-start",\
  $(BUILD)/tsan/tests/unit/sched))

.PHONY: check-unit check-tsan check-asan
# Subsets of make check (results in $(RESULTS)/results.txt; no summary line).
check-unit: $(filter-out check-unit-tsan-% check-unit-asan-%,$(filter check-unit-%,$(CHECK_TARGETS)))
check-tsan: $(filter check-unit-tsan-%,$(CHECK_TARGETS))
check-asan: $(filter check-unit-asan-%,$(CHECK_TARGETS))

# Without Check the suites cannot build: report them skipped, not passed.
ifeq ($(CHECK_LIBS),)
CHECK_TARGETS := $(filter-out check-unit-%,$(CHECK_TARGETS)) check-unit-no-check
.PHONY: check-unit-no-check
check-unit-no-check:
	@$(HARNESS) run $(RESULTS) unit -- sh -c 'echo "Check (pkg-config check) is not installed"; exit 77'
endif
