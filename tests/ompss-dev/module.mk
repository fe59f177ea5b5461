# tests/ompss-dev: OmpSs programs with OpenCL and CUDA tasks built by mcc (the lowering of
# target device(opencl|cuda), ndrange, shmem, copies, implements, embedded kernels).
# mock/lowering_mock.c checks the generated launches exactly against a mock runtime.
# Each program is one build test and one run per setting below; every run starts in an
# empty directory elsewhere (the kernels must be embedded).  OpenCL runs need an OpenCL
# device (PoCL in CI), CUDA runs a GPU: without one they report skipped.
OMPSS_DEV_PROGS := $(basename $(notdir $(wildcard tests/ompss-dev/*.c)))
OMPSS_DEV_PROGS := $(filter-out probe,$(OMPSS_DEV_PROGS))
OMPSS_DEV_RUN    = env BUILD=$(BUILD) MCC=$(MCC_BIN) tests/ompss-dev/run.sh
# the NX_ARGS / PoCL settings each program runs under (run.sh settings_env)
OMPSS_DEV_SETTINGS := default workers2 writethrough nocache round_robin two_devices translated

.PHONY: check-ompss-dev
check-ompss-dev: $(MCC_BIN) $(BUILD)/lib/libnanort.a $(BUILD)/lib/mcc/include/omp.h \
                 $(BUILD)/include/nanort.h tests/ompss/ompss_check.h
	@$(HARNESS) run $(RESULTS) ompss-dev/lowering_mock -- $(OMPSS_DEV_RUN) mock
	@for p in $(OMPSS_DEV_PROGS); do \
	  $(HARNESS) run $(RESULTS) ompss-dev/$$p/build -- $(OMPSS_DEV_RUN) build $$p; \
	  for s in $(OMPSS_DEV_SETTINGS); do \
	    $(HARNESS) run $(RESULTS) ompss-dev/$$p/$$s -- $(OMPSS_DEV_RUN) run $$p $$s; \
	  done; \
	done

CHECK_TARGETS += check-ompss-dev
