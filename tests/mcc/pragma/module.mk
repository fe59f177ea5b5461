# tests/mcc/pragma: Check suite of the OmpSs pragma parser (mcc/pragma*.c), including the
# golden diagnostics of diagnostics.txt.  It links the real mcc/diag.c (never a stub) and the
# mcc objects need the grammar's generated header: until both exist, or when Check is
# missing, the check reports "skipped".
PRAGMA_CHECK_BIN  := $(BUILD)/tests/mcc/pragma/check_pragma
PRAGMA_CHECK_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard mcc/pragma*.c) mcc/diag.c)

$(PRAGMA_CHECK_BIN): tests/mcc/pragma/check_pragma.c $(PRAGMA_CHECK_OBJS) mcc/mcc.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_COMMON) -Imcc $(CHECK_CFLAGS) -o $@ $< $(PRAGMA_CHECK_OBJS) \
	  $(CHECK_LIBS) $(LDLIBS_COMMON)

.PHONY: check-mcc-pragma
ifneq ($(and $(wildcard mcc/diag.c),$(wildcard grammar/c.y),$(CHECK_LIBS)),)
check-mcc-pragma: $(PRAGMA_CHECK_BIN)
	@$(HARNESS) check $(RESULTS) mcc/pragma -- $(PRAGMA_CHECK_BIN) tests/mcc/pragma/diagnostics.txt
else
check-mcc-pragma:
	@$(HARNESS) run $(RESULTS) mcc/pragma -- sh -c \
	  'echo "needs mcc/diag.c, grammar/c.y (mcc objects) and the Check library"; exit 77'
endif

CHECK_TARGETS += check-mcc-pragma
