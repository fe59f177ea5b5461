# tests/devices/cuda/module.mk - the CUDA device tests (make check-cuda, part of make check).
#
#   build/tests/devices/cuda/cuda_ops     the plugin's memory and compute hooks called directly
#   build/tests/devices/cuda/cuda_tasks   CUDA tasks built with the C API, run by the runtime
#
# The kernels (kernels.cu) are compiled by nvcc; the programs are linked with the CUDA
# plugin line of devices/cuda/module.mk (CUDA_LINK).  Without a GPU every run reports
# skipped (77); without a CUDA toolkit nothing is built and check-cuda reports skipped.
CUDA_TEST_DIR   := $(BUILD)/tests/devices/cuda
CUDA_TEST_PROGS := $(CUDA_TEST_DIR)/cuda_ops $(CUDA_TEST_DIR)/cuda_tasks
# sm_90 machine code (the H200) plus PTX any newer GPU compiles at load.
NVCC_ARCH       ?= -gencode arch=compute_90,code=sm_90 -gencode arch=compute_75,code=compute_75
CUDA_TASKS       = $(CUDA_TEST_DIR)/cuda_tasks
CUDA_RUN         = $(HARNESS) run $(RESULTS)
.PRECIOUS: $(CUDA_TEST_DIR)/%.o

.PHONY: check-cuda
ifneq ($(CUDA_HOME_DIR),)
ALL_TARGETS += $(CUDA_TEST_PROGS)

$(CUDA_TEST_DIR)/kernels.o: tests/devices/cuda/kernels.cu
	@mkdir -p $(@D)
	$(CUDA_NVCC) -O2 $(NVCC_ARCH) -c $< -o $@

$(CUDA_TEST_DIR)/%.o: tests/devices/cuda/%.c nanort/nrt.h include/nanort.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -Inanort -I$(CUDA_HOME_DIR)/include -c $< -o $@

$(CUDA_TEST_DIR)/%: $(CUDA_TEST_DIR)/%.o $(CUDA_TEST_DIR)/kernels.o $(NANORT_LIB_A) \
                    $(CUDA_PLUGIN_LIB)
	$(CC) $(CUDA_TEST_DIR)/$*.o $(CUDA_TEST_DIR)/kernels.o -o $@ $(NANORT_LIB_A) \
	    $(CUDA_LINK) $(LDLIBS_COMMON)

# On the GPU machine the programs built here are carried over and run as they are:
# make check-cuda CUDA_CHECK_DEPS= (no rebuild there).
CUDA_CHECK_DEPS ?= $(CUDA_TEST_PROGS)
check-cuda: $(CUDA_CHECK_DEPS)
	@$(CUDA_RUN) cuda/build -- sh -c 'for p in $(CUDA_TEST_PROGS); do test -x $$p || exit 1; done'
	@$(CUDA_RUN) cuda/ops -- $(CUDA_TEST_DIR)/cuda_ops
	@for t in saxpy chain tile2d by_hand mixed streams pinned; do \
	  $(CUDA_RUN) cuda/$$t -- $(CUDA_TASKS) $$t; done
	@$(CUDA_RUN) cuda/chain[writethrough] -- env NX_ARGS=--cache-policy=writethrough $(CUDA_TASKS) chain
	@$(CUDA_RUN) cuda/evict[gpu-max-memory=3M] -- env NX_ARGS=--gpu-max-memory=3M $(CUDA_TASKS) evict
	@$(CUDA_RUN) cuda/mixed[round-robin,4] -- env NX_ARGS="--dispatch=round-robin --smp-workers=4" \
	  $(CUDA_TASKS) mixed
	@$(CUDA_RUN) cuda/mixed[nocache] -- env NX_ARGS=--cache-policy=nocache $(CUDA_TASKS) mixed
	@$(CUDA_RUN) cuda/fault -- tests/devices/cuda/expect_fault.sh $(CUDA_TASKS)
	@# one kernel stream: the two kernels cannot meet, the test must see it
	@$(CUDA_RUN) cuda/streams[gpu-streams=1,must-fail] -- sh -c 'NX_ARGS=--gpu-streams=1 \
	  $(CUDA_TASKS) streams; st=$$?; [ $$st = 77 ] && exit 77; [ $$st = 1 ] && exit 0; \
	  echo "status $$st, expected 1 (the kernels met on one stream?)"; exit 1'
	@$(CUDA_RUN) cuda/memcheck-tasks -- tests/devices/cuda/sanitize.sh $(CUDA_TASKS) tile2d
	@# cuda_ops provokes an out-of-memory cudaMalloc on purpose: API errors not reported
	@$(CUDA_RUN) cuda/memcheck-ops -- env SANITIZER_OPTS="--report-api-errors no" \
	  tests/devices/cuda/sanitize.sh $(CUDA_TEST_DIR)/cuda_ops
	@$(CUDA_RUN) cuda/memcheck-mixed -- tests/devices/cuda/sanitize.sh $(CUDA_TASKS) mixed
	@$(CUDA_RUN) cuda/disabled -- sh -c 'NX_ARGS="--disable-cuda --verbose" \
	  $(CUDA_TASKS) saxpy 2>&1 | grep -q "disabled by --disable-cuda" && exit 0; \
	  echo "no --disable-cuda message"; exit 1'
else
check-cuda:
	@$(CUDA_RUN) cuda/toolkit -- sh -c 'echo "skipped: no CUDA toolkit (nvcc) found"; exit 77'
endif
CHECK_TARGETS += check-cuda
