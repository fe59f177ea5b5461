# tests/samples/ocl: the OpenCL samples samples/{saxpy,blackscholes,sobel,dct,aes}/ (each
# an smp function task with an OpenCL implementation via implements), and the fragment of
# their benchmark (bench/opencl/module.mk: the top Makefile includes bench/module.mk only).
#
#   make check-samples-ocl-seq   each sample built by gcc with the pragmas ignored and run
#                                once: the sequential semantics, proves the checks are right
#   make check-samples-ocl       each sample built by mcc and run (tests/samples/ocl/run.sh):
#                                runtime's choice, OpenCL forced (every task must run on
#                                OpenCL), smp forced (--disable-opencl), host and device
#                                taking turns, two PoCL devices.  About 30 s on 2 cores.
SOCL_NAMES := saxpy blackscholes sobel dct aes
SOCL_DIR   := $(BUILD)/tests/samples/ocl
SOCL_PROBE := $(SOCL_DIR)/cl_probe
SOCL_DEPS  := tests/samples/ocl/run.sh tests/samples/ocl/args.sh $(SOCL_PROBE) \
              $(foreach n,$(SOCL_NAMES),samples/$(n)/$(n).c samples/$(n)/$(n).cl)
SOCL_RUN    = BUILD=$(BUILD) CC="$(CC)" MCC=$(MCC_BIN) HARNESS=$(HARNESS) SOCL_PROBE=$(SOCL_PROBE) \
              tests/samples/ocl/run.sh

$(SOCL_PROBE): tests/samples/ocl/cl_probe.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -o $@ $< -ldl

.PHONY: check-samples-ocl-seq check-samples-ocl
check-samples-ocl-seq: $(BUILD)/lib/libnanort.a $(SOCL_DEPS)
	@$(SOCL_RUN) seq $(RESULTS) $(SOCL_NAMES)

check-samples-ocl: $(MCC_BIN) $(BUILD)/lib/libnanort.so $(BUILD)/lib/mcc/include/omp.h $(SOCL_DEPS)
	@$(SOCL_RUN) mcc $(RESULTS) $(SOCL_NAMES)

CHECK_TARGETS += check-samples-ocl-seq check-samples-ocl

include bench/opencl/module.mk
