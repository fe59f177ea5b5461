# samples/: real programs users can read and run.
#   samples/capi/   tiled Cholesky written directly against the runtime's C API
SAMPLES_CAPI := $(BUILD)/samples/capi/cholesky

$(SAMPLES_CAPI): samples/capi/cholesky.c include/nanort.h $(BUILD)/lib/libnanort.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -o $@ $< $(BUILD)/lib/libnanort.a $(LDLIBS_COMMON)

# Until the runtime's fragment exists there is no rule for libnanort.a: leave the
# sample out of `make` and `make check` rather than break them.
ifneq ($(wildcard nanort/module.mk),)
ALL_TARGETS += $(SAMPLES_CAPI)
CHECK_TARGETS += check-samples-capi
endif

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

# make demo: the newcomer's first run (scripts/demo.sh).  For now the C-API sample;
# later an mcc-compiled OmpSs sample.
demo: deps-quiet all
	@echo "demo: tiled Cholesky (samples/capi/cholesky.c) on the nanort C API, 2 workers,"
	@echo "demo: NX_ARGS=\"--smp-workers=2 --summary\" $(SAMPLES_CAPI)"
	@NX_ARGS="--smp-workers=2 --summary" $(SAMPLES_CAPI)
	@echo "demo: factorised a 1024x1024 matrix in 128x128 tiles as potrf/trsm/syrk/gemm tasks;"
	@echo "demo: the runtime ordered them by their tile dependences; the sample then checked"
	@echo "demo: L*L^T against the original matrix (\"result: OK\" above)."
