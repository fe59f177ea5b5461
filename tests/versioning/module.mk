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

$(VERS_DIR)/spread: tests/versioning/spread.c tests/devices/opencl/oclt.h nanort/nrt.h $(NANORT_LIB_A)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -Inanort $< -o $@ $(NANORT_LIB_A) $(LDLIBS_COMMON)

.PHONY: check-versioning check-perfmodel-file
CHECK_TARGETS += $(if $(CHECK_LIBS),check-versioning) check-perfmodel-file
check-versioning: $(VERS_DIR)/versioning $(VERS_DIR)/persist $(VERS_DIR)/spread
	@for s in w1 w2 w2-bf w2-versioning; do \
	    case $$s in w1) a=--smp-workers=1 ;; w2) a=--smp-workers=2 ;; \
	      w2-bf) a="--smp-workers=2 --schedule=bf" ;; *) a="--smp-workers=2 --schedule=versioning" ;; esac; \
	    NX_ARGS="$$a" $(HARNESS) check $(RESULTS) "versioning/choice[$$s]" -- $(VERS_DIR)/versioning; \
	done
	@$(HARNESS) run $(RESULTS) versioning/perf-model-dir -- tests/versioning/persist.sh $(VERS_DIR)/persist
	@$(HARNESS) run $(RESULTS) versioning/spread[host+2opencl] -- env POCL_DEVICES="pthread pthread" \
	    NX_ARGS="--smp-workers=1" $(VERS_DIR)/spread

# The model file as untrusted input, and the nanort-perfmodel viewer (model_file.sh); a
# device task's learned times are the device's (device_time.sh, on PoCL); a version
# defined in another unit is one version (implements_tu.sh).
check-perfmodel-file: $(VERS_DIR)/persist $(NANORT_PERFMODEL) tests/versioning/model_file.sh \
                      tests/versioning/check_model.py tests/versioning/device_time.sh \
                      tests/versioning/implements_tu.sh $(wildcard tests/versioning/implements_tu/*) \
                      $(MCC_BIN) $(BUILD)/lib/libnanort.so $(BUILD)/lib/mcc/include/omp.h
	@for m in bad-lines fifo device huge version viewer; do \
	    $(HARNESS) run $(RESULTS) versioning/model-file-$$m -- tests/versioning/model_file.sh $$m \
	        $(VERS_DIR)/persist $(NANORT_PERFMODEL); \
	done
	@$(HARNESS) run $(RESULTS) versioning/device-time-learned -- env BUILD=$(BUILD) MCC=$(MCC_BIN) \
	    tests/versioning/device_time.sh
	@$(HARNESS) run $(RESULTS) versioning/implements-other-unit -- env BUILD=$(BUILD) MCC=$(MCC_BIN) \
	    tests/versioning/implements_tu.sh
