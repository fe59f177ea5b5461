# nanort/module.mk - the runtime library (core + smp device).
#
#   build/lib/libnanort.a, build/lib/libnanort.so, build/include/nanort.h
#   build/lib/libnanort-debug.so: the checking build (-O0 -g, NRT_ASSERT invariants on),
#   which mcc --debug links
#
# NANORT_SRCS is exported so that test fragments can rebuild the same sources with
# -fsanitize=thread / -fsanitize=address into their own object directories.
# NANORT_CHECKING=1 builds with the internal assertions on (-DNRT_CHECKING).

NANORT_SRCS   := $(sort $(wildcard nanort/*.c) $(wildcard devices/smp/*.c) $(wildcard devices/opencl/*.c))
NANORT_OBJS   := $(NANORT_SRCS:%.c=$(BUILD)/obj/%.o)
NANORT_LIB_A  := $(BUILD)/lib/libnanort.a
NANORT_LIB_SO := $(BUILD)/lib/libnanort.so
NANORT_HEADER := $(BUILD)/include/nanort.h
# -fno-semantic-interposition: -fPIC would otherwise make every call between the
# library's own exported functions go through the PLT and stay un-inlined (nobody
# interposes nanort's internals).
NANORT_CFLAGS := $(CFLAGS_COMMON) -fno-semantic-interposition -Inanort \
                 $(if $(NANORT_CHECKING),-DNRT_CHECKING)

ALL_TARGETS     += $(NANORT_LIB_A) $(NANORT_LIB_SO) $(NANORT_HEADER)

$(NANORT_OBJS): $(BUILD)/obj/%.o: %.c nanort/nrt.h include/nanort.h
	@mkdir -p $(dir $@)
	$(CC) $(NANORT_CFLAGS) -c $< -o $@

$(NANORT_LIB_A): $(NANORT_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(NANORT_LIB_SO): $(NANORT_OBJS)
	@mkdir -p $(dir $@)
	$(CC) -shared -o $@ $^ $(LDLIBS_COMMON)

$(NANORT_HEADER): include/nanort.h
	@mkdir -p $(dir $@)
	cp $< $@


# nanort-perfmodel: prints the models of a --perf-model-dir (nanort/tools/perfmodel.c); it
# reads the file with the runtime's own checking reader (perfmodel_file.c).
NANORT_PERFMODEL := $(BUILD)/bin/nanort-perfmodel
ALL_TARGETS += $(NANORT_PERFMODEL)

$(NANORT_PERFMODEL): nanort/tools/perfmodel.c nanort/perfmodel_file.c nanort/nrt.h include/nanort.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_COMMON) -Inanort -o $@ nanort/tools/perfmodel.c nanort/perfmodel_file.c

# The checking build mcc --debug links: -O0 (after CFLAGS_COMMON's -O2) and the assertions.
NANORT_DEBUG_OBJS := $(NANORT_SRCS:%.c=$(BUILD)/obj-debug/%.o)
NANORT_DEBUG_SO   := $(BUILD)/lib/libnanort-debug.so
ALL_TARGETS += $(NANORT_DEBUG_SO)

$(NANORT_DEBUG_OBJS): $(BUILD)/obj-debug/%.o: %.c nanort/nrt.h include/nanort.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_COMMON) -O0 -fno-semantic-interposition -Inanort -DNRT_CHECKING -c $< -o $@

$(NANORT_DEBUG_SO): $(NANORT_DEBUG_OBJS)
	@mkdir -p $(dir $@)
	$(CC) -shared -o $@ $^ $(LDLIBS_COMMON)
