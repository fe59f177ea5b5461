# tests/mcc/pragma: Check suite of the OmpSs pragma parser (mcc/pragma*.c), including the
# golden diagnostics of diagnostics.txt.  The suite is compiled straight from the sources it
# tests plus the real mcc/diag.c (never a stub), so it does not wait for the grammar; a
# second build runs it under AddressSanitizer and UBSan.  Until mcc/diag.c exists, or when
# Check is missing, the checks report "skipped".
PRAGMA_CHECK_DIR  := $(BUILD)/tests/mcc/pragma
PRAGMA_CHECK_SRCS := tests/mcc/pragma/check_pragma.c $(wildcard mcc/pragma*.c) mcc/diag.c
PRAGMA_CHECK_CC    = $(CC) $(CFLAGS_COMMON) -Imcc $(CHECK_CFLAGS) -o $@ $(PRAGMA_CHECK_SRCS) \
                       $(CHECK_LIBS) $(LDLIBS_COMMON)
PRAGMA_SANITIZE   := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

$(PRAGMA_CHECK_DIR)/check_pragma: $(PRAGMA_CHECK_SRCS) mcc/mcc.h
	@mkdir -p $(dir $@)
	$(PRAGMA_CHECK_CC)

$(PRAGMA_CHECK_DIR)/check_pragma_asan: $(PRAGMA_CHECK_SRCS) mcc/mcc.h
	@mkdir -p $(dir $@)
	$(PRAGMA_CHECK_CC) $(PRAGMA_SANITIZE)

.PHONY: check-mcc-pragma
ifneq ($(and $(wildcard mcc/diag.c),$(CHECK_LIBS)),)
check-mcc-pragma: $(PRAGMA_CHECK_DIR)/check_pragma $(PRAGMA_CHECK_DIR)/check_pragma_asan
	@$(HARNESS) check $(RESULTS) mcc/pragma -- $< tests/mcc/pragma/diagnostics.txt
	@$(HARNESS) check $(RESULTS) mcc/pragma-asan -- $(PRAGMA_CHECK_DIR)/check_pragma_asan \
	  tests/mcc/pragma/diagnostics.txt
else
check-mcc-pragma:
	@$(HARNESS) run $(RESULTS) mcc/pragma -- sh -c \
	  'echo "needs mcc/diag.c and the Check library (pkg-config check)"; exit 77'
endif

CHECK_TARGETS += check-mcc-pragma
