# tests/devices/opencl-cpu: OpenCL kernels translated to C by mcc and run on nanort's workers
# (mcc/ocl_*.c, nanort/clcpu.c; docs/opencl-cpu.md).  Each program is an OmpSs program
# with kernels in NAME.cl, checking its results against sequential C; run.sh runs it
# with the translation forced, against PoCL (same digests), with the defaults, with
# --disable-opencl and with no OpenCL platform.  inner_local's kernel is not OpenCL C
# 1.2 (PoCL rejects it): it runs translated only.  rodinia.cl takes BLOCK_SIZE from
# --opencl-build-opts (run.sh gives it), atomics2.cl -cl-std=CL3.0 (OpenCL C 2.0 atomics).
# PoCL 3.1 has no work-group functions (work_group_reduce_add...): wg_functions is not
# compared with PoCL; with the defaults its kernels fail to build there and run
# translated (the runtime's fallback).  About 90 s on 2 cores.
#
#   make check-opencl-cpu
OCL_CPU_PROGS := barrier_control reduce_scan matmul_tiled vectors builtins atomics atomics2 guards \
                 interchange structs inner_local idioms tiles barrier_state \
                 parens nvidia_sdk amd_sdk rodinia gpu_shapes helpers sdk_shapes wg_functions \
                 untranslatable loop_hints
OCL_CPU_RUN    = env BUILD=$(BUILD) MCC=$(MCC_BIN) tests/devices/opencl-cpu/run.sh

.PHONY: check-opencl-cpu
check-opencl-cpu: $(MCC_BIN) $(BUILD)/lib/libnanort.a $(BUILD)/lib/mcc/include/omp.h \
                  $(BUILD)/lib/mcc/include/opencl_c.h $(BUILD)/lib/mcc/include/opencl_c_impl.h \
                  $(BUILD)/include/nanort.h
	@for p in $(OCL_CPU_PROGS); do \
	  $(HARNESS) run $(RESULTS) opencl-cpu/$$p/build -- $(OCL_CPU_RUN) build $$p; \
	  for m in translated same auto disabled noplatform; do \
	    case $$p/$$m in inner_local/same | wg_functions/same | \
                    untranslatable/disabled | untranslatable/noplatform) continue ;; esac; \
	    $(HARNESS) run $(RESULTS) opencl-cpu/$$p/$$m -- $(OCL_CPU_RUN) run $$p $$m; \
	  done; \
	done
	@$(HARNESS) run $(RESULTS) opencl-cpu/diagnostics -- $(OCL_CPU_RUN) diag
	@$(HARNESS) run $(RESULTS) opencl-cpu/versions/build -- $(OCL_CPU_RUN) build versions
	@$(HARNESS) run $(RESULTS) opencl-cpu/versions -- $(OCL_CPU_RUN) versions
	@$(HARNESS) run $(RESULTS) opencl-cpu/shapes -- $(OCL_CPU_RUN) shapes
	@$(HARNESS) run $(RESULTS) opencl-cpu/includes -- $(OCL_CPU_RUN) includes
	@$(HARNESS) run $(RESULTS) opencl-cpu/misaligned -- $(OCL_CPU_RUN) misaligned
	@$(HARNESS) run $(RESULTS) opencl-cpu/noshmem -- $(OCL_CPU_RUN) noshmem
	@$(HARNESS) run $(RESULTS) opencl-cpu/clones -- $(OCL_CPU_RUN) clones

CHECK_TARGETS += check-opencl-cpu
