# tests/robust: runtime limits that must end in a result or a message that says what to
# do, never in a crash or a hang (tests/robust/run.sh lists them): deep nesting against
# the stacks, ndrange sizes against the device (OpenCL here, CUDA on the GPU machine:
# scripts/gpu-robust.sh).  Programs built by mcc; the smp ones checked against the same
# source built by plain gcc.  About 5 s on 2 cores.
#
#   make check-robust
.PHONY: check-robust
check-robust: $(MCC_BIN) $(BUILD)/lib/libnanort.a $(BUILD)/lib/mcc/include/omp.h \
              $(if $(CUDA_HOME_DIR),$(CUDA_PLUGIN_LIB))
	@BUILD=$(BUILD) MCC=$(MCC_BIN) CC="$(CC)" HARNESS=$(HARNESS) tests/robust/run.sh $(RESULTS)

CHECK_TARGETS += check-robust
