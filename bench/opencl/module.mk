# bench/opencl: each OpenCL sample of samples/{saxpy,blackscholes,sobel,dct,aes} built by
# mcc (its OpenCL implementation forced) against a hand-written OpenCL host program
# (bench/opencl/<name>_host.c) running the same kernel on the same sizes.
# Included by tests/samples/ocl/module.mk (the top Makefile includes bench/module.mk only).
#
#   make bench-opencl        bench/opencl/run.sh -> bench/results/opencl.md (README.md)
#   make check-bench-opencl  on small sizes: every host program (its own result check),
#                            and every sample built by mcc moving no more bytes between
#                            host and device than its host program (transfers.sh)
#
# The hosts need the OpenCL headers and the ICD loader (scripts/deps.sh installs them);
# without them the targets say so and do nothing.
BENCH_OCL_SAMPLES := saxpy blackscholes sobel dct aes
BENCH_OCL_DIR   := $(BUILD)/bench/opencl
BENCH_OCL_HAVE  := $(and $(wildcard /usr/include/CL/cl.h),$(wildcard /usr/lib/*/libOpenCL.so \
                     /usr/lib64/libOpenCL.so /usr/lib/libOpenCL.so /usr/local/lib/libOpenCL.so))
BENCH_OCL_HOSTS := $(foreach n,$(BENCH_OCL_SAMPLES),$(BENCH_OCL_DIR)/$(n)_host)
BENCH_OCL_OURS  := $(foreach n,$(BENCH_OCL_SAMPLES),$(BENCH_OCL_DIR)/$(n))

# Ours: the sample itself, built by mcc (its .cl embedded).
define BENCH_OCL_OURS_RULE
$(BENCH_OCL_DIR)/$(1): samples/$(1)/$(1).c samples/$(1)/$(1).cl $(MCC_BIN) \
                       $(BUILD)/lib/libnanort.so $(BUILD)/lib/mcc/include/omp.h
	@mkdir -p $$(@D)
	$(MCC_BIN) --ompss -O2 $$< -o $$@ -lm
endef
$(foreach n,$(BENCH_OCL_SAMPLES),$(eval $(call BENCH_OCL_OURS_RULE,$(n))))

# SAMPLES_DIR: the hosts read the .cl files of the samples from the source tree.
$(BENCH_OCL_DIR)/%_host: bench/opencl/%_host.c bench/opencl/clhost.h
	@mkdir -p $(@D)
	$(CC) -std=gnu11 $(OPT) -g $(WARN) -DSAMPLES_DIR='"$(CURDIR)/samples"' -o $@ $< -lOpenCL -lm

.PHONY: bench-opencl check-bench-opencl bench-opencl-hosts
ifneq ($(BENCH_OCL_HAVE),)
bench-opencl-hosts: $(BENCH_OCL_HOSTS)

bench-opencl: $(BENCH_OCL_HOSTS) $(BENCH_OCL_OURS) bench/opencl/transfers.sh
	@mkdir -p bench/results
	BUILD=$(BUILD) MCC=$(MCC_BIN) bench/opencl/run.sh bench/results/opencl.md

# Small sizes, same arguments as the samples' tests (tests/samples/ocl/module.mk).
check-bench-opencl: $(BENCH_OCL_HOSTS) $(BENCH_OCL_OURS) bench/opencl/transfers.sh
	@for n in $(BENCH_OCL_SAMPLES); do \
	  a=$$(tests/samples/ocl/args.sh $$n); \
	  $(HARNESS) run $(RESULTS) bench/opencl/$${n}_host -- $(BENCH_OCL_DIR)/$${n}_host $$a; \
	  $(HARNESS) run $(RESULTS) bench/opencl/$$n/transfers -- \
	    bench/opencl/transfers.sh $(BENCH_OCL_DIR)/$$n $(BENCH_OCL_DIR)/$${n}_host $$a; \
	done
else
bench-opencl check-bench-opencl bench-opencl-hosts:
	@echo "bench/opencl: no OpenCL headers or libOpenCL.so (scripts/deps.sh installs them): skipped"
	@$(HARNESS) run $(RESULTS) bench/opencl/hosts -- sh -c 'echo "skipped: no OpenCL SDK"; exit 77'
endif

BENCH_TARGETS += bench-opencl
CHECK_TARGETS += check-bench-opencl

# OpenCL kernels on the CPU cores: mcc's translation to C vs PoCL vs the samples' C
# versions (bench/opencl/cpu.sh, docs/opencl-cpu.md); BENCH_CPU_REPS, BENCH_CPU_WORKERS.
.PHONY: bench-opencl-cpu
bench-opencl-cpu: $(MCC_BIN) $(BUILD)/lib/libnanort.so $(BUILD)/lib/mcc/include/omp.h \
                  $(BUILD)/lib/mcc/include/opencl_c.h $(BUILD)/lib/mcc/include/opencl_c_impl.h
	@mkdir -p bench/results
	BUILD=$(BUILD) MCC=$(MCC_BIN) bench/opencl/cpu.sh bench/results/opencl-cpu.md

BENCH_TARGETS += bench-opencl-cpu
