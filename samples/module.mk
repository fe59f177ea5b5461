# samples/: real programs users can read and run.
#   samples/capi/   tiled Cholesky written directly against the runtime's C API
SAMPLES_CAPI := $(BUILD)/samples/capi/cholesky

$(SAMPLES_CAPI): samples/capi/cholesky.c include/nanort.h $(BUILD)/lib/libnanort.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -o $@ $< $(BUILD)/lib/libnanort.a $(LDLIBS_COMMON)

ALL_TARGETS += $(SAMPLES_CAPI)
CHECK_TARGETS += check-samples-capi

# The sample checks its own result (L*L^T against A) and exits 1 when it is wrong;
# it runs here under 1 and 2 workers and every scheduler.  The last test corrupts the
# result on purpose and passes only when the sample notices.
SAMPLES_SCHEDULES := bf wf dbf
.PHONY: check-samples-capi
check-samples-capi: $(SAMPLES_CAPI)
	@for w in 1 2; do for s in $(SAMPLES_SCHEDULES); do \
	  NX_ARGS="--smp-workers=$$w --schedule=$$s" \
	    $(HARNESS) run $(RESULTS) samples/capi/cholesky/w$$w-$$s -- $(SAMPLES_CAPI) 512 32; \
	done; done
	@$(HARNESS) run $(RESULTS) samples/capi/cholesky/odd-size -- $(SAMPLES_CAPI) 333 50
	@$(HARNESS) run $(RESULTS) samples/capi/cholesky/detects-wrong-result -- \
	  sh -c '$(SAMPLES_CAPI) 256 64 --inject-error; test $$? = 1'

# make demo: the newcomer's first run (scripts/demo.sh): the OmpSs tiled Cholesky of
# samples/cholesky/ compiled by mcc and run on two workers with the summary.
DEMO_BIN := $(BUILD)/samples/cholesky/cholesky
$(DEMO_BIN): samples/cholesky/cholesky.c samples/cholesky/kernels.h $(MCC_BIN) \
             $(BUILD)/lib/libnanort.so $(BUILD)/lib/mcc/include/omp.h
	@mkdir -p $(@D)
	$(MCC_BIN) --ompss -O2 samples/cholesky/cholesky.c -o $@ -lm

demo: deps-quiet all $(DEMO_BIN)
	@echo "demo: mcc --ompss -O2 samples/cholesky/cholesky.c -o $(DEMO_BIN)"
	@echo "demo: NX_ARGS=\"--smp-workers=2 --summary\" $(DEMO_BIN) 2048 128"
	@NX_ARGS="--smp-workers=2 --summary" $(DEMO_BIN) 2048 128
	@echo "demo: mcc turned the potrf/trsm/syrk/gemm function tasks (dependences on whole tiles,"
	@echo "demo: inout([ts][ts]A)) into nanort tasks; the runtime ordered them by those dependences"
	@echo "demo: on 2 workers, and the program checked its factor against the matrix (result: OK)."
