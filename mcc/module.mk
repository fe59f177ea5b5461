# mcc: the compiler driver and the source-to-source translator.
# Sources: every mcc/*.c plus the flex/bison outputs generated from grammar/.
MCC_GEN_DIR := $(BUILD)/gen
MCC_SRCS    := $(wildcard mcc/*.c)
MCC_OBJS    := $(MCC_SRCS:%.c=$(BUILD)/obj/%.o) \
               $(BUILD)/obj/gen/c.tab.o $(BUILD)/obj/gen/lex.yy.o
MCC_CFLAGS  := $(CFLAGS_COMMON) -Imcc -I$(MCC_GEN_DIR)
MCC_BIN     := $(BUILD)/bin/mcc

$(MCC_GEN_DIR)/c.tab.c $(MCC_GEN_DIR)/c.tab.h &: grammar/c.y
	@mkdir -p $(MCC_GEN_DIR)
	bison -Wall -Werror=conflicts-sr -Werror=conflicts-rr --defines=$(MCC_GEN_DIR)/c.tab.h -o $(MCC_GEN_DIR)/c.tab.c $<

$(MCC_GEN_DIR)/lex.yy.c: grammar/c.l $(MCC_GEN_DIR)/c.tab.h
	@mkdir -p $(MCC_GEN_DIR)
	flex -o $@ $<

# The prelude of translated units: include/nanort.h's mcc-abi regions (mcc/abi_prelude.awk).
$(MCC_GEN_DIR)/mcc_abi.h: include/nanort.h mcc/abi_prelude.awk
	@mkdir -p $(MCC_GEN_DIR)
	awk -f mcc/abi_prelude.awk include/nanort.h > $@.tmp && mv $@.tmp $@
$(BUILD)/obj/mcc/lower.o: $(MCC_GEN_DIR)/mcc_abi.h

# Generated code is not held to -Wextra (flex/bison output has unused parameters).
$(BUILD)/obj/gen/%.o: $(MCC_GEN_DIR)/%.c mcc/mcc.h
	@mkdir -p $(dir $@)
	$(CC) $(MCC_CFLAGS) -Wno-unused-function -Wno-sign-compare -Wno-unused-parameter -c -o $@ $<

$(BUILD)/obj/mcc/%.o: mcc/%.c mcc/mcc.h $(MCC_GEN_DIR)/c.tab.h
	@mkdir -p $(dir $@)
	$(CC) $(MCC_CFLAGS) -c -o $@ $<

$(MCC_BIN): $(MCC_OBJS)
	@mkdir -p $(dir $@)
	$(CC) -o $@ $^ $(LDLIBS_COMMON)

# mcc's own omp.h lives apart from system headers (it must not shadow gcc's for others);
# nanos.h (the Nanos++ user calls, included by omp.h) and nanos_omp.h (Nanos++'s name for
# the header of its nanos_omp_ calls) go with it.
$(BUILD)/lib/mcc/include/omp.h: mcc/include/omp.h mcc/include/nanos.h mcc/include/nanos_omp.h
	@mkdir -p $(dir $@)
	cp mcc/include/nanos.h $(dir $@)nanos.h
	cp mcc/include/nanos_omp.h $(dir $@)nanos_omp.h
	cp $< $@

# mcc --cuda's prelude of host C (the CUDA vector types).
$(BUILD)/lib/mcc/include/mcc_cuda.h: mcc/include/mcc_cuda.h
	@mkdir -p $(dir $@)
	cp $< $@

# The OpenCL C prelude and the C versions of its built-ins (mcc/ocl_*.c).
$(BUILD)/lib/mcc/include/opencl_c.h $(BUILD)/lib/mcc/include/opencl_c_impl.h: \
    $(BUILD)/lib/mcc/include/%: mcc/include/%
	@mkdir -p $(dir $@)
	cp $< $@

ALL_TARGETS += $(MCC_BIN) $(BUILD)/lib/mcc/include/omp.h $(BUILD)/lib/mcc/include/mcc_cuda.h \
               $(BUILD)/lib/mcc/include/opencl_c.h $(BUILD)/lib/mcc/include/opencl_c_impl.h

# The option table of the driver (the parser and --help are made from it).
$(BUILD)/obj/mcc/driver_options.o: mcc/driver_options.def
