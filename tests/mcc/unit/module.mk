# tests/mcc/unit: Check suite of the parser, symbol table, rewriter and translator
# (grammar/, mcc/ minus the driver).  It links the mcc objects without driver*.o and
# link_check.o (the link-time checks), but with driver_proc.o: the string vectors that
# cl_embed.c also uses (the files an embedded OpenCL source reads, for -MD).
MCC_UNIT_BIN  := $(BUILD)/tests/mcc/unit/check_parser
MCC_UNIT_OBJS := $(filter-out $(BUILD)/obj/mcc/driver%.o $(BUILD)/obj/mcc/link_check.o,$(MCC_OBJS)) \
                 $(BUILD)/obj/mcc/driver_proc.o

$(MCC_UNIT_BIN): tests/mcc/unit/check_parser.c $(MCC_UNIT_OBJS) mcc/mcc.h
	@mkdir -p $(dir $@)
	$(CC) $(MCC_CFLAGS) $(CHECK_CFLAGS) -o $@ $< $(MCC_UNIT_OBJS) $(CHECK_LIBS) $(LDLIBS_COMMON)

.PHONY: check-mcc-unit
ifneq ($(CHECK_LIBS),)
check-mcc-unit: $(MCC_UNIT_BIN)
	@$(HARNESS) check $(RESULTS) mcc/unit -- $(MCC_UNIT_BIN)
else
check-mcc-unit:
	@$(HARNESS) run $(RESULTS) mcc/unit -- sh -c 'echo "needs the Check library (pkg-config check)"; exit 77'
endif

CHECK_TARGETS += check-mcc-unit
