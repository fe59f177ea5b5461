# tests/stress/module.mk - random task graphs checked against a sequential run
# (tests/stress/stress.c), for 1, 2 and 4 workers and every policy, and under the
# ThreadSanitizer / AddressSanitizer builds of the runtime from tests/unit/module.mk.
#
#   build/tests/stress/stress [SEEDS [TASKS [FIRST_SEED]]]
#   build/{tsan,asan}/tests/stress/stress

STRESS_BIN      := $(BUILD)/tests/stress/stress
STRESS_SCHEDS   := bf wf dbf versioning affinity
STRESS_WORKERS  := 1 2 4
STRESS_GRAPHS   := 120 2000
STRESS_SAN_GRAPHS := 15 1000
STRESS_COMMA    := ,
# First seed of each setting: <workers><policy number>000, so settings cover different graphs.
STRESS_SEED_bf := 1
STRESS_SEED_wf := 2
STRESS_SEED_dbf := 3
STRESS_SEED_versioning := 4
STRESS_SEED_affinity := 5

$(BUILD)/obj/tests/stress/stress.o: tests/stress/stress.c include/nanort.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_COMMON) -c $< -o $@

$(STRESS_BIN): $(BUILD)/obj/tests/stress/stress.o $(NANORT_LIB_A)
	@mkdir -p $(dir $@)
	$(CC) $^ -o $@ $(LDLIBS_COMMON)

$(BUILD)/tsan/tests/stress/stress $(BUILD)/asan/tests/stress/stress: \
  $(BUILD)/%/tests/stress/stress: tests/stress/stress.c include/nanort.h $(BUILD)/%/libnanort.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_COMMON) -O1 $(SAN_FLAGS_$*) $< -o $@ $(BUILD)/$*/libnanort.a $(LDLIBS_COMMON)

ALL_TARGETS += $(STRESS_BIN)

# stress_run(target, name, env, binary, args)
define stress_run
.PHONY: $(1)
CHECK_TARGETS += $(1)
$(1): $(4)
	@$(3) $$(HARNESS) run $$(RESULTS) '$(2)' -- $(4) $(5)
endef

# Every policy x 1, 2, 4 workers, each setting on its own seeds (FIRST_SEED differs).
$(foreach p,$(STRESS_SCHEDS),$(foreach w,$(STRESS_WORKERS),\
  $(eval $(call stress_run,check-stress-$(p)-$(w),stress[$(p)$(STRESS_COMMA)$(w)],\
    NX_ARGS="--smp-workers=$(w) --schedule=$(p)",$(STRESS_BIN),\
    $(STRESS_GRAPHS) $(w)$(STRESS_SEED_$(p))000))))

# A tiny --throttle-limit: creators run tasks themselves or undeferred all the time.
$(foreach pw,dbf-2 wf-4,\
  $(eval $(call stress_run,check-stress-throttled-$(pw),stress-throttled[$(subst -,$(STRESS_COMMA),$(pw))],\
    NX_ARGS="--smp-workers=$(lastword $(subst -, ,$(pw))) --schedule=$(firstword $(subst -, ,$(pw))) --throttle-limit=16",\
    $(STRESS_BIN),60 2000 9$(lastword $(subst -, ,$(pw)))000)))

# Sanitizers: 2 and 4 workers, two policies; a report exits 66 and fails the run.
# SAN_ENV_* and the sanitizer libraries come from tests/unit/module.mk, which make
# reads after this file: $$(SAN_ENV_...) is expanded when the recipe runs.
$(foreach k,tsan asan,$(foreach pw,dbf-2 bf-4,\
  $(eval $(call stress_run,check-stress-$(k)-$(pw),stress-$(k)[$(subst -,$(STRESS_COMMA),$(pw))],\
    $$(SAN_ENV_$(k)) NX_ARGS="--smp-workers=$(lastword $(subst -, ,$(pw))) --schedule=$(firstword $(subst -, ,$(pw)))",\
    $(BUILD)/$(k)/tests/stress/stress,$(STRESS_SAN_GRAPHS)))))
# --queue-limit=0: every ready task is queued, so the dbf deques' rings grow (and are
# stolen from while they do) under ThreadSanitizer.
$(eval $(call stress_run,check-stress-tsan-dbf-q0,stress-tsan[dbf$(STRESS_COMMA)2$(STRESS_COMMA)q0],\
  $$(SAN_ENV_tsan) NX_ARGS="--smp-workers=2 --schedule=dbf --queue-limit=0",\
  $(BUILD)/tsan/tests/stress/stress,$(STRESS_SAN_GRAPHS)))

# --critical-successors=1: every task made ready with a successor goes to the queue in
# front of the policy's (or is handed over), under every kind of policy; --critical-reach=2
# (a successor and its successor, or two successors) the same, and under TSan (it reads
# the successors' successor lists under the domain lock).
$(foreach pw,dbf-2 wf-2,\
  $(eval $(call stress_run,check-stress-critical-$(pw),stress-critical[$(subst -,$(STRESS_COMMA),$(pw))],\
    NX_ARGS="--smp-workers=$(lastword $(subst -, ,$(pw))) --schedule=$(firstword $(subst -, ,$(pw))) --critical-successors=1",\
    $(STRESS_BIN),60 2000 8$(lastword $(subst -, ,$(pw)))000)))
$(foreach pw,bf-4 dbf-4,\
  $(eval $(call stress_run,check-stress-reach-$(pw),stress-reach[$(subst -,$(STRESS_COMMA),$(pw))],\
    NX_ARGS="--smp-workers=$(lastword $(subst -, ,$(pw))) --schedule=$(firstword $(subst -, ,$(pw))) --critical-reach=2",\
    $(STRESS_BIN),60 2000 8$(lastword $(subst -, ,$(pw)))000)))
$(eval $(call stress_run,check-stress-tsan-dbf-reach,stress-tsan[dbf$(STRESS_COMMA)2$(STRESS_COMMA)reach],\
  $$(SAN_ENV_tsan) NX_ARGS="--smp-workers=2 --schedule=dbf --critical-reach=2",\
  $(BUILD)/tsan/tests/stress/stress,$(STRESS_SAN_GRAPHS)))
# --critical-path: ranks computed at every taskwait (over the live tasks' successor lists),
# every ranked task in the shared heap before the policy's queues (--critical-path-us=0:
# the stress test's bodies are short); under TSan and ASan too.
$(foreach pw,wf-2 dbf-4,\
  $(eval $(call stress_run,check-stress-cpath-$(pw),stress-cpath[$(subst -,$(STRESS_COMMA),$(pw))],\
    NX_ARGS="--smp-workers=$(lastword $(subst -, ,$(pw))) --schedule=$(firstword $(subst -, ,$(pw))) --critical-path --critical-path-us=0",\
    $(STRESS_BIN),60 2000 8$(lastword $(subst -, ,$(pw)))000)))
$(eval $(call stress_run,check-stress-tsan-dbf-cpath,stress-tsan[dbf$(STRESS_COMMA)2$(STRESS_COMMA)cpath],\
  $$(SAN_ENV_tsan) NX_ARGS="--smp-workers=2 --schedule=dbf --critical-path --critical-path-us=0",\
  $(BUILD)/tsan/tests/stress/stress,$(STRESS_SAN_GRAPHS)))
$(eval $(call stress_run,check-stress-asan-dbf-cpath,stress-asan[dbf$(STRESS_COMMA)2$(STRESS_COMMA)cpath],\
  $$(SAN_ENV_asan) NX_ARGS="--smp-workers=2 --schedule=dbf --critical-path --critical-path-us=0",\
  $(BUILD)/asan/tests/stress/stress,$(STRESS_SAN_GRAPHS)))
# --steal-batch=1 (one task a steal) and --coarse-us=1 (nearly every type coarse: the
# shared FIFO and the moves to it all the time), alone and under TSan.
$(eval $(call stress_run,check-stress-dbf-4-steal1,stress[dbf$(STRESS_COMMA)4$(STRESS_COMMA)steal1+coarse1],\
  NX_ARGS="--smp-workers=4 --schedule=dbf --steal-batch=1 --coarse-us=1",$(STRESS_BIN),60 2000 86000))
$(eval $(call stress_run,check-stress-tsan-dbf-steal1,stress-tsan[dbf$(STRESS_COMMA)2$(STRESS_COMMA)steal1+coarse1],\
  $$(SAN_ENV_tsan) NX_ARGS="--smp-workers=2 --schedule=dbf --steal-batch=1 --coarse-us=1",\
  $(BUILD)/tsan/tests/stress/stress,$(STRESS_SAN_GRAPHS)))
# --speed-aware with --coarse-us=1: every worker times its bodies, and slower ones leave
# the shared FIFO's tasks to faster idle ones (and wake them), alone and under TSan.
$(eval $(call stress_run,check-stress-dbf-4-speed,stress[dbf$(STRESS_COMMA)4$(STRESS_COMMA)speed+coarse1],\
  NX_ARGS="--smp-workers=4 --schedule=dbf --speed-aware --coarse-us=1",$(STRESS_BIN),60 2000 87000))
$(eval $(call stress_run,check-stress-tsan-dbf-speed,stress-tsan[dbf$(STRESS_COMMA)2$(STRESS_COMMA)speed+coarse1],\
  $$(SAN_ENV_tsan) NX_ARGS="--smp-workers=2 --schedule=dbf --speed-aware --coarse-us=1",\
  $(BUILD)/tsan/tests/stress/stress,$(STRESS_SAN_GRAPHS)))
# --tree-start: workers start workers while the first tasks are being queued.
$(eval $(call stress_run,check-stress-dbf-4-tree,stress[dbf$(STRESS_COMMA)4$(STRESS_COMMA)tree-start],\
  NX_ARGS="--smp-workers=4 --schedule=dbf --tree-start",$(STRESS_BIN),60 2000 85000))

.PHONY: check-stress
check-stress: $(filter-out check-stress-tsan-% check-stress-asan-%,$(filter check-stress-%,$(CHECK_TARGETS)))
check-tsan: $(filter check-stress-tsan-%,$(CHECK_TARGETS))
check-asan: $(filter check-stress-asan-%,$(CHECK_TARGETS))

# inline_tree: task trees without dependences under --queue-limit=1, so that most tasks
# take the runtime's inline path (tests/stress/inline_tree.c says what it checks).
INLINE_BIN := $(BUILD)/tests/stress/inline_tree
$(INLINE_BIN): tests/stress/inline_tree.c include/nanort.h $(NANORT_LIB_A)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_COMMON) $< -o $@ $(NANORT_LIB_A) $(LDLIBS_COMMON)
$(BUILD)/tsan/tests/stress/inline_tree $(BUILD)/asan/tests/stress/inline_tree: \
  $(BUILD)/%/tests/stress/inline_tree: tests/stress/inline_tree.c include/nanort.h $(BUILD)/%/libnanort.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_COMMON) -O1 $(SAN_FLAGS_$*) $< -o $@ $(BUILD)/$*/libnanort.a $(LDLIBS_COMMON)
ALL_TARGETS += $(INLINE_BIN)

$(foreach w,1 2 3,$(foreach q,1 64,\
  $(eval $(call stress_run,check-inline-tree-$(w)-$(q),inline_tree[$(w)$(STRESS_COMMA)q$(q)],\
    NX_ARGS="--smp-workers=$(w) --queue-limit=$(q)",$(INLINE_BIN),200))))
$(foreach k,tsan asan,\
  $(eval $(call stress_run,check-inline-tree-$(k),inline_tree-$(k)[2$(STRESS_COMMA)q1],\
    $$(SAN_ENV_$(k)) NX_ARGS="--smp-workers=2 --queue-limit=1",$(BUILD)/$(k)/tests/stress/inline_tree,100)))
check-stress: $(filter check-inline-tree-%,$(filter-out check-inline-tree-tsan check-inline-tree-asan,$(CHECK_TARGETS)))
check-tsan: check-inline-tree-tsan
check-asan: check-inline-tree-asan

# stress_dev: the same graphs with a fake-accelerator version of the leaf tasks
# (tests/unit/fakedev.c): dispatch policies, cache policies, a memory limit that forces
# evictions, device-to-device copies off, exact-base allocations, one to three devices,
# kernels that run only when waited for (FAKEDEV_ASYNC: the managers' pipelining).
STRESS_DEV_BIN := $(BUILD)/tests/stress/stress_dev
STRESS_DEV_SRCS := tests/stress/stress.c tests/unit/fakedev.c
STRESS_DEV_DEPS := $(STRESS_DEV_SRCS) tests/unit/fakedev.h include/nanort.h nanort/nrt.h
$(STRESS_DEV_BIN): $(STRESS_DEV_DEPS) $(NANORT_LIB_A)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_COMMON) -DSTRESS_DEVICES $(STRESS_DEV_SRCS) -o $@ $(NANORT_LIB_A) $(LDLIBS_COMMON)
$(BUILD)/tsan/tests/stress/stress_dev $(BUILD)/asan/tests/stress/stress_dev: \
  $(BUILD)/%/tests/stress/stress_dev: $(STRESS_DEV_DEPS) $(BUILD)/%/libnanort.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_COMMON) -O1 $(SAN_FLAGS_$*) -DSTRESS_DEVICES $(STRESS_DEV_SRCS) -o $@ \
	    $(BUILD)/$*/libnanort.a $(LDLIBS_COMMON)
ALL_TARGETS += $(STRESS_DEV_BIN)

# stress_dev_run(name, environment, NX_ARGS, first seed)
define stress_dev_run
$(call stress_run,check-stress-dev-$(1),stress-dev[$(1)],$(2) NX_ARGS="$(3)",$(STRESS_DEV_BIN),40 500 $(4))
endef
$(eval $(call stress_dev_run,affinity-wb-2,,--smp-workers=2 --dispatch=affinity,71000))
$(eval $(call stress_dev_run,versioning-wb-2,,--smp-workers=2,70100))
$(eval $(call stress_dev_run,versioning-evict-4,FAKEDEV_MEM=2500 FAKEDEV_N=2,--smp-workers=4 --device-inflight=8,70200))
$(eval $(call stress_dev_run,rr-wb-1,,--smp-workers=1 --dispatch=round-robin,72000))
$(eval $(call stress_dev_run,rr-wt-2,,--smp-workers=2 --dispatch=round-robin --cache-policy=writethrough --schedule=bf,73000))
$(eval $(call stress_dev_run,rr-nocache-4,,--smp-workers=4 --dispatch=round-robin --cache-policy=nocache,74000))
$(eval $(call stress_dev_run,rr-evict-2,FAKEDEV_MEM=2500,--smp-workers=2 --dispatch=round-robin,75000))
$(eval $(call stress_dev_run,rr-nopeer-3dev,FAKEDEV_PEER=0 FAKEDEV_N=3,--smp-workers=2 --dispatch=round-robin --schedule=wf,76000))
$(eval $(call stress_dev_run,rr-exact-evict,FAKEDEV_EXACT=1 FAKEDEV_MEM=6K,--smp-workers=4 --dispatch=round-robin,77000))
$(eval $(call stress_dev_run,affinity-1dev-evict,FAKEDEV_N=1 FAKEDEV_MEM=3K,--smp-workers=2,78000))
$(eval $(call stress_dev_run,rr-async-evict-2,FAKEDEV_ASYNC=1 FAKEDEV_MEM=2500,--smp-workers=2 --dispatch=round-robin,79000))
$(eval $(call stress_dev_run,affinity-async-wt-2,FAKEDEV_ASYNC=1,--smp-workers=2 --dispatch=affinity --cache-policy=wt,80000))
# eager write-back (copies out that do not block: FAKEDEV_EAGER), with evictions, async
# kernels, three devices without peer copies
$(eval $(call stress_dev_run,eager-evict-2,FAKEDEV_EAGER=1 FAKEDEV_MEM=2500,--smp-workers=2 --dispatch=round-robin,81000))
$(eval $(call stress_dev_run,eager-async-4,FAKEDEV_EAGER=1 FAKEDEV_ASYNC=1,--smp-workers=4,82000))
$(eval $(call stress_dev_run,eager-nopeer-3dev,FAKEDEV_EAGER=1 FAKEDEV_PEER=0 FAKEDEV_N=3,--smp-workers=2 --dispatch=round-robin --schedule=bf,83000))
# ordered_out spaces (FAKEDEV_ORDERED): host tasks wait for their copies back outside the
# cache's lock, other threads wait for the copies they find landing (cache_stage.c)
$(eval $(call stress_dev_run,ordered-rr-2,FAKEDEV_ORDERED=1,--smp-workers=2 --dispatch=round-robin,84000))
$(eval $(call stress_dev_run,ordered-evict-4,FAKEDEV_ORDERED=1 FAKEDEV_EAGER=1 FAKEDEV_MEM=2500,--smp-workers=4 --dispatch=round-robin --schedule=wf,85000))
$(eval $(call stress_dev_run,ordered-async-3dev,FAKEDEV_ORDERED=1 FAKEDEV_ASYNC=1 FAKEDEV_PEER=0 FAKEDEV_N=3,--smp-workers=4,86000))
$(foreach k,tsan asan,\
  $(eval $(call stress_run,check-stress-dev-$(k),stress-dev-$(k)[rr$(STRESS_COMMA)evict$(STRESS_COMMA)2],\
    $$(SAN_ENV_$(k)) FAKEDEV_ASYNC=1 FAKEDEV_EAGER=1 FAKEDEV_MEM=2500 NX_ARGS="--smp-workers=2 --dispatch=round-robin",\
    $(BUILD)/$(k)/tests/stress/stress_dev,10 300)))
check-stress: $(filter check-stress-dev-%,$(filter-out check-stress-dev-tsan check-stress-dev-asan,$(CHECK_TARGETS)))
check-tsan: check-stress-dev-tsan
check-asan: check-stress-dev-asan
