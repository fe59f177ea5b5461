# tests/samples/dev: the device samples (samples/matmul_dev, nbody, krist, saxpy_cuda,
# cholesky_cuda) and the GPU benchmarks' hand-written peers (bench/cuda, bench/opencl-gpu).
#
#   make check-samples-dev   every sample variant built by mcc (smp+OpenCL, OpenCL only,
#                            smp+OpenCL+CUDA, CUDA only) and run at small sizes: OpenCL on
#                            PoCL (one and two devices), smp with the devices disabled,
#                            CUDA only when a GPU is present (else skipped, exit 77); the
#                            peers compiled and linked (nvcc: skipped when absent)
#   make bench-gpu-build     what bench/gpu.sh runs on the GPU machine, built here:
#                            the peers and the benchmark builds of the samples (-arch=sm_90)
#   bench/gpu.sh             (on the GPU machine) the tables of bench/cuda/README.md
SDEV_NVCC := $(or $(MCC_NVCC),$(shell command -v nvcc 2>/dev/null),$(wildcard $(CUDA_HOME)/bin/nvcc),$(wildcard /usr/local/cuda/bin/nvcc))
SDEV_CUDA_LIB := $(patsubst %/bin/nvcc,%/lib64,$(SDEV_NVCC))
SDEV_ARCH  := -arch=sm_90
SDEV_NVFLAGS := -O3 $(SDEV_ARCH) -std=c++17 -Xcompiler -Wall,-Wextra
SDEV_CUDA  := $(BUILD)/bench/cuda
SDEV_OCL   := $(BUILD)/bench/opencl-gpu
SDEV_GPU   := $(BUILD)/bench/gpu

$(SDEV_CUDA)/host_checks.o: bench/cuda/host_checks.c bench/cuda/host_checks.h \
                            samples/matmul/kernels.h samples/nbody/nbody.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -c -o $@ $<

$(SDEV_CUDA)/matmul_hand: bench/cuda/matmul_hand.cu samples/matmul_dev/matmul.cu bench/cuda/common.h \
                          $(SDEV_CUDA)/host_checks.o
	$(SDEV_NVCC) $(SDEV_NVFLAGS) -o $@ $< $(SDEV_CUDA)/host_checks.o

$(SDEV_CUDA)/nbody_hand: bench/cuda/nbody_hand.cu samples/nbody/nbody.cu bench/cuda/common.h \
                         $(SDEV_CUDA)/host_checks.o
	$(SDEV_NVCC) $(SDEV_NVFLAGS) -o $@ $< $(SDEV_CUDA)/host_checks.o

# cuBLAS is a shared library: the rpath points at this toolkit's lib64, which is where the
# GPU machine's toolkit keeps it too (bench/gpu.sh adds other places to LD_LIBRARY_PATH).
$(SDEV_CUDA)/dgemm_cublas: bench/cuda/dgemm_cublas.cu bench/cuda/common.h $(SDEV_CUDA)/host_checks.o
	$(SDEV_NVCC) $(SDEV_NVFLAGS) -o $@ $< $(SDEV_CUDA)/host_checks.o -lcublas \
	    -Xlinker -rpath,$(SDEV_CUDA_LIB)

$(SDEV_OCL)/%_host: bench/opencl-gpu/%_host.c bench/opencl-gpu/clhost.h $(SDEV_CUDA)/host_checks.o
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -o $@ $< $(SDEV_CUDA)/host_checks.o -lOpenCL -lm

SDEV_OCL_PEERS  := $(SDEV_OCL)/matmul_host $(SDEV_OCL)/nbody_host
SDEV_CUDA_PEERS := $(SDEV_CUDA)/matmul_hand $(SDEV_CUDA)/nbody_hand $(SDEV_CUDA)/dgemm_cublas

# The benchmark builds of the samples: one device alone (ONLY_CUDA / ONLY_OPENCL), so every
# tile runs there, as in the peers; the CUDA kernels compiled for the H200 like the peers.
SDEV_MCC_DEPS := $(MCC_BIN) $(BUILD)/lib/libnanort.so $(BUILD)/lib/mcc/include/omp.h
# the CUDA builds link the plugin statically: a change to it must relink them
SDEV_CUDA_DEPS := $(SDEV_MCC_DEPS) $(CUDA_PLUGIN_LIB)
# $(call SDEV_GPU_RULES,name,sample dir)
define SDEV_GPU_RULES
$(SDEV_GPU)/$(1)-cuda: samples/$(2)/$(1).c samples/$(2)/$(1).cu $(wildcard samples/$(2)/*.h) $(SDEV_CUDA_DEPS)
	@mkdir -p $$(@D)
	$(MCC_BIN) --ompss -O2 -DONLY_CUDA --Wc,$(SDEV_ARCH) $$(filter %.c %.cu,$$^) -o $$@ -lm
$(SDEV_GPU)/$(1)-opencl: samples/$(2)/$(1).c samples/$(2)/$(1).cl $(wildcard samples/$(2)/*.h) $(SDEV_MCC_DEPS)
	@mkdir -p $$(@D)
	$(MCC_BIN) --ompss -O2 -DONLY_OPENCL $$(filter %.c %.cl,$$^) -o $$@ -lm
endef
$(eval $(call SDEV_GPU_RULES,matmul,matmul_dev))
$(SDEV_GPU)/matmul-cuda-pinned: samples/matmul_dev/matmul.c samples/matmul_dev/matmul.cu $(SDEV_CUDA_DEPS)
	@mkdir -p $(@D)
	$(MCC_BIN) --ompss -O2 -DONLY_CUDA -DPINNED_HOST --Wc,$(SDEV_ARCH) $(filter %.c %.cu,$^) -o $@ -lm
$(eval $(call SDEV_GPU_RULES,nbody,nbody))
$(SDEV_GPU)/nbody-cuda-pinned: samples/nbody/nbody.c samples/nbody/nbody.cu $(wildcard samples/nbody/*.h) $(SDEV_CUDA_DEPS)
	@mkdir -p $(@D)
	$(MCC_BIN) --ompss -O2 -DONLY_CUDA -DPINNED_HOST --Wc,$(SDEV_ARCH) $(filter %.c %.cu,$^) -o $@ -lm

SDEV_GPU_SAMPLES := $(foreach a,matmul nbody,$(foreach d,cuda opencl,$(SDEV_GPU)/$(a)-$(d))) \
                    $(SDEV_GPU)/matmul-cuda-pinned $(SDEV_GPU)/nbody-cuda-pinned

.PHONY: check-samples-dev bench-gpu-build
check-samples-dev: $(SDEV_MCC_DEPS) $(SDEV_CUDA)/host_checks.o
	@tests/samples/dev/run.sh $(RESULTS)
	@for p in $(SDEV_OCL_PEERS); do \
	  $(HARNESS) run $(RESULTS) samples-dev/peers/$$(basename $$p)/build -- $(MAKE) --no-print-directory $$p; \
	done
	@$(HARNESS) run $(RESULTS) samples-dev/peers/matmul_host/pocl -- \
	  env BENCH_CL_TYPE=all $(SDEV_OCL)/matmul_host samples/matmul_dev/matmul.cl 256 64
	@$(HARNESS) run $(RESULTS) samples-dev/peers/nbody_host/pocl -- \
	  env BENCH_CL_TYPE=all $(SDEV_OCL)/nbody_host samples/nbody/nbody.cl 2048 3 2
	@for p in $(SDEV_CUDA_PEERS); do \
	  if [ -z "$(SDEV_NVCC)" ]; then \
	    $(HARNESS) run $(RESULTS) samples-dev/peers/$$(basename $$p)/build -- sh -c 'echo "skipped: no nvcc"; exit 77'; \
	  else \
	    $(HARNESS) run $(RESULTS) samples-dev/peers/$$(basename $$p)/build -- $(MAKE) --no-print-directory $$p; \
	  fi; \
	done

bench-gpu-build: $(SDEV_CUDA_PEERS) $(SDEV_OCL_PEERS) $(SDEV_GPU_SAMPLES)

CHECK_TARGETS += check-samples-dev
