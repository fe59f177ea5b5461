# bench/opencl: each OpenCL sample of samples/{saxpy,blackscholes,sobel,dct,aes} built by
# mcc (its OpenCL implementation forced) against a hand-written OpenCL host program
# (bench/opencl/<name>_host.c) running the same kernel on the same sizes.
# Included by tests/samples-ocl/module.mk (the top Makefile includes bench/module.mk only).
#
#   make bench-opencl        bench/opencl/run.sh -> bench/results/opencl.md (README.md)
#   make check-bench-opencl  every host program on small sizes: its own result check
#
# The hosts need the OpenCL headers and the ICD loader (scripts/deps.sh installs them);
# without them the targets say so and do nothing.
BENCH_OCL_NAMES := saxpy blackscholes sobel dct aes
BENCH_OCL_DIR   := $(BUILD)/bench/opencl
BENCH_OCL_HAVE  := $(and $(wildcard /usr/include/CL/cl.h),$(wildcard /usr/lib/*/libOpenCL.so \
                     /usr/lib64/libOpenCL.so /usr/lib/libOpenCL.so /usr/local/lib/libOpenCL.so))
BENCH_OCL_HOSTS := $(foreach n,$(BENCH_OCL_NAMES),$(BENCH_OCL_DIR)/$(n)_host)

# SAMPLES_DIR: the hosts read the .cl files of the samples from the source tree.
$(BENCH_OCL_DIR)/%_host: bench/opencl/%_host.c bench/opencl/clhost.h
	@mkdir -p $(@D)
	$(CC) -std=gnu11 $(OPT) -g $(WARN) -DSAMPLES_DIR='"$(CURDIR)/samples"' -o $@ $< -lOpenCL -lm

.PHONY: bench-opencl check-bench-opencl bench-opencl-hosts
ifneq ($(BENCH_OCL_HAVE),)
bench-opencl-hosts: $(BENCH_OCL_HOSTS)

bench-opencl: $(BENCH_OCL_HOSTS) $(MCC_BIN) $(BUILD)/lib/libnanort.so
	@mkdir -p bench/results
	BUILD=$(BUILD) MCC=$(MCC_BIN) bench/opencl/run.sh bench/results/opencl.md

# Small sizes, same arguments as the samples' tests (tests/samples-ocl/module.mk).
check-bench-opencl: $(BENCH_OCL_HOSTS)
	@for n in $(BENCH_OCL_NAMES); do \
	  $(HARNESS) run $(RESULTS) bench/opencl/$${n}_host -- \
	    $(BENCH_OCL_DIR)/$${n}_host $$(tests/samples-ocl/args.sh $$n); \
	done
else
bench-opencl check-bench-opencl bench-opencl-hosts:
	@echo "bench/opencl: no OpenCL headers or libOpenCL.so (scripts/deps.sh installs them): skipped"
	@$(HARNESS) run $(RESULTS) bench/opencl/hosts -- sh -c 'echo "skipped: no OpenCL SDK"; exit 77'
endif

BENCH_TARGETS += bench-opencl
CHECK_TARGETS += check-bench-opencl
