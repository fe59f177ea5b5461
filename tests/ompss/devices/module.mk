# tests/ompss/devices: OmpSs programs with OpenCL and CUDA tasks built by mcc (the lowering of
# target device(opencl|cuda), ndrange, shmem, copies, implements, embedded kernels).
# mock/lowering_mock.c checks the generated launches exactly against a mock runtime.
# Each program is one build test and one run per setting below; every run starts in an
# empty directory elsewhere (the kernels must be embedded).  OpenCL runs need an OpenCL
# device (PoCL in CI), CUDA runs a GPU: without one they report skipped.
OMPSS_DEV_PROGS := $(basename $(notdir $(wildcard tests/ompss/devices/*.c)))
OMPSS_DEV_PROGS := $(filter-out probe,$(OMPSS_DEV_PROGS))
OMPSS_DEV_RUN    = env BUILD=$(BUILD) MCC=$(MCC_BIN) tests/ompss/devices/run.sh
# the NX_ARGS / PoCL settings each program runs under (run.sh settings_env)
OMPSS_DEV_SETTINGS := default workers2 writethrough nocache round_robin two_devices translated
# programs also built with -fsanitize=address and run under it (a write into freed memory,
# a leak): NAME/asan-build, NAME/asan
OMPSS_DEV_ASAN := ocl_free_reuse

.PHONY: check-ompss-dev
check-ompss-dev: $(MCC_BIN) $(BUILD)/lib/libnanort.a $(BUILD)/lib/mcc/include/omp.h \
                 $(BUILD)/lib/mcc/include/mcc_cuda.h \
                 $(BUILD)/include/nanort.h tests/ompss/ompss_check.h
	@$(HARNESS) run $(RESULTS) ompss-dev/lowering_mock -- $(OMPSS_DEV_RUN) mock
	@$(HARNESS) run $(RESULTS) ompss-dev/cuda_mock -- $(OMPSS_DEV_RUN) mock-cuda
	@for p in $(OMPSS_DEV_PROGS); do \
	  $(HARNESS) run $(RESULTS) ompss-dev/$$p/build -- $(OMPSS_DEV_RUN) build $$p; \
	  for s in $(OMPSS_DEV_SETTINGS); do \
	    $(HARNESS) run $(RESULTS) ompss-dev/$$p/$$s -- $(OMPSS_DEV_RUN) run $$p $$s; \
	  done; \
	done
	@for p in $(OMPSS_DEV_ASAN); do \
	  $(HARNESS) run $(RESULTS) ompss-dev/$$p/asan-build -- $(OMPSS_DEV_RUN) build-asan $$p; \
	  $(HARNESS) run $(RESULTS) ompss-dev/$$p/asan -- $(OMPSS_DEV_RUN) run-asan $$p; \
	done

# tests/ompss/devices/layouts/: programs in the layouts OmpSs users write, and the sample with
# the usual CUDA layout, each built by its own Makefile (layouts.sh) - DEV:NAME:TARGET.
# CUDA ones run only with a GPU (scripts/gpu-devices21.sh runs the binaries built here on
# the GPU machine).
OMPSS_DEV_LAYOUTS_CUDA := cuda:kernelh:app-c cuda:kernelh:app-cxx cuda:vectors:vectors \
                          cuda:provider:provider cuda:seed:seed-cuda \
                          cuda:block_scope:block_scope-cuda cuda:samples/heat_cuda:heat \
                          cuda:cuda_struct:cuda_struct cuda:cuda_struct:cuda_struct-mcc \
                          cuda:cuda_struct:cuda_struct-one cuda:cublas:matmul \
                          cuda:cublas:matmul-omp cuda:cublas:hybrid cuda:implements3:saxpy \
                          cuda:stream_cuda:stream
OMPSS_DEV_LAYOUTS_OCL  := opencl:ocl_include:ocl_include opencl:seed:seed-ocl \
                          opencl:block_scope:block_scope-ocl opencl:multidir:multidir \
                          opencl:shared_header:shared_header opencl:julia:julia \
                          opencl:krist_ocl:krist-p opencl:krist_ocl:krist-i \
                          opencl:krist_ocl:krist-d opencl:implements3:saxpy-ocl \
                          opencl:constants:constants opencl:host_polyfill:host_polyfill
OMPSS_DEV_LAYOUT       = env BUILD=$(BUILD) MCC=$(MCC_BIN) tests/ompss/devices/layouts.sh

.PHONY: check-ompss-dev-layouts
check-ompss-dev-layouts: $(MCC_BIN) $(BUILD)/lib/libnanort.so $(BUILD)/lib/mcc/include/omp.h \
                         $(BUILD)/lib/mcc/include/mcc_cuda.h
	@for t in $(OMPSS_DEV_LAYOUTS_CUDA) $(OMPSS_DEV_LAYOUTS_OCL); do \
	  d=$${t%%:*} r=$${t#*:}; n=$${r%%:*} b=$${r##*:}; \
	  $(HARNESS) run $(RESULTS) ompss-dev/layouts/$$b/build -- $(OMPSS_DEV_LAYOUT) build $$d $$n $$b; \
	  $(HARNESS) run $(RESULTS) ompss-dev/layouts/$$b/default -- $(OMPSS_DEV_LAYOUT) run $$d $$n $$b; \
	done
	@for t in $(OMPSS_DEV_LAYOUTS_OCL); do \
	  d=$${t%%:*} r=$${t#*:}; n=$${r%%:*} b=$${r##*:}; \
	  for s in workers2 two_devices; do \
	    $(HARNESS) run $(RESULTS) ompss-dev/layouts/$$b/$$s -- $(OMPSS_DEV_LAYOUT) run $$d $$n $$b $$s; \
	  done; \
	done

CHECK_TARGETS += check-ompss-dev check-ompss-dev-layouts
