# tests/versioning/module.mk - the choice among implementations (nanort/versioning.c,
# nanort/perfmodel.c): Check suite under several settings, the --perf-model-dir round
# trip (a second run starts from the learned model), and work spread over the host and
# two PoCL devices.
VERS_DIR := $(BUILD)/tests/versioning

$(VERS_DIR)/versioning: tests/versioning/versioning.c $(NANORT_LIB_A) include/nanort.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) $(CHECK_CFLAGS) $< -o $@ $(NANORT_LIB_A) $(CHECK_LIBS) $(LDLIBS_COMMON)

$(VERS_DIR)/persist: tests/versioning/persist.c $(NANORT_LIB_A) include/nanort.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) $< -o $@ $(NANORT_LIB_A) $(LDLIBS_COMMON)

$(VERS_DIR)/spread: tests/versioning/spread.c tests/opencl/oclt.h nanort/nrt.h $(NANORT_LIB_A)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -Inanort $< -o $@ $(NANORT_LIB_A) $(LDLIBS_COMMON)

.PHONY: check-versioning
CHECK_TARGETS += $(if $(CHECK_LIBS),check-versioning)
check-versioning: $(VERS_DIR)/versioning $(VERS_DIR)/persist $(VERS_DIR)/spread
	@for s in w1 w2 w2-bf w2-versioning; do \
	    case $$s in w1) a=--smp-workers=1 ;; w2) a=--smp-workers=2 ;; \
	      w2-bf) a="--smp-workers=2 --schedule=bf" ;; *) a="--smp-workers=2 --schedule=versioning" ;; esac; \
	    NX_ARGS="$$a" $(HARNESS) check $(RESULTS) "versioning/choice[$$s]" -- $(VERS_DIR)/versioning; \
	done
	@$(HARNESS) run $(RESULTS) versioning/perf-model-dir -- tests/versioning/persist.sh $(VERS_DIR)/persist
	@$(HARNESS) run $(RESULTS) versioning/spread[host+2opencl] -- env POCL_DEVICES="pthread pthread" \
	    NX_ARGS="--smp-workers=1" $(VERS_DIR)/spread
