# tests/devices/opencl: the OpenCL device plugin (devices/opencl/) through the runtime's C API:
# task types written by hand as mcc emits them, kernels registered as string sources with
# nanort_opencl_source().  Every program exits 77 (skipped) when no OpenCL device is
# usable; two_devices needs two (PoCL: POCL_DEVICES="pthread pthread").  About 20 s on
# 2 cores with PoCL (kernel builds are cached in ~/.cache/pocl).  The device-count
# checks of `options` choose CPU devices, so a GPU next to PoCL does not change them.
#
#   make check-opencl
OCLT_DIR   := $(BUILD)/tests/devices/opencl
OCLT_NAMES := vadd_saxpy cache_chain two_devices evict build_error tile2d local_arg \
              random_graph smp_vs_opencl ops_direct concurrent_devices host_writes options bad_args \
              nested_commutative timeline prebuild host_split
OCLT_BINS  := $(OCLT_NAMES:%=$(OCLT_DIR)/%)
OCLT_RUN    = @$(HARNESS) run $(RESULTS)
OCLT_TWO   := POCL_DEVICES="pthread pthread"

$(OCLT_DIR)/%: tests/devices/opencl/%.c tests/devices/opencl/oclt.h tests/devices/opencl/add_one.h nanort/nrt.h include/nanort.h $(OCL_PLUGIN_HDRS) \
              $(NANORT_LIB_A)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -Inanort $< -o $@ $(NANORT_LIB_A) $(LDLIBS_COMMON)

# options reads device memory through the plugin's own API table (`ocl`, `ocl_fail`),
# which the archive keeps local (nanort/libnanort.map): it links the objects themselves;
# prebuild reads a device's program list the same way.
$(OCLT_DIR)/prebuild: tests/devices/opencl/prebuild.c tests/devices/opencl/oclt.h nanort/nrt.h \
                      include/nanort.h $(OCL_PLUGIN_HDRS) $(NANORT_OBJS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -Inanort $< -o $@ $(NANORT_OBJS) $(LDLIBS_COMMON)

$(OCLT_DIR)/options: tests/devices/opencl/options.c tests/devices/opencl/oclt.h nanort/nrt.h \
                     include/nanort.h $(OCL_PLUGIN_HDRS) $(NANORT_OBJS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -Inanort $< -o $@ $(NANORT_OBJS) $(LDLIBS_COMMON)

# A stand-in libOpenCL.so.1 with 40 KiB of device memory (device_oom.sh).
OCLT_SHIM := $(OCLT_DIR)/shim/libOpenCL.so.1
$(OCLT_SHIM): tests/devices/opencl/oom_shim.c devices/opencl/openclapi.def
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -shared $< -o $@ -ldl -lpthread

.PHONY: check-opencl
check-opencl: $(OCLT_BINS) $(OCLT_SHIM)
	$(OCLT_RUN) opencl/vadd_saxpy -- $(OCLT_DIR)/vadd_saxpy
	$(OCLT_RUN) opencl/cache_chain[writeback] -- env NX_ARGS="--cache-policy=writeback" $(OCLT_DIR)/cache_chain
	$(OCLT_RUN) opencl/cache_chain[writethrough] -- env NX_ARGS="--cache-policy=writethrough" $(OCLT_DIR)/cache_chain
	$(OCLT_RUN) opencl/cache_chain[nocache] -- env NX_ARGS="--cache-policy=nocache" $(OCLT_DIR)/cache_chain
	$(OCLT_RUN) opencl/two_devices -- env $(OCLT_TWO) NX_ARGS="--dispatch=round-robin" $(OCLT_DIR)/two_devices
	$(OCLT_RUN) opencl/concurrent_devices[2dev,rr] -- env $(OCLT_TWO) NX_ARGS="--dispatch=round-robin" $(OCLT_DIR)/concurrent_devices
	$(OCLT_RUN) opencl/concurrent_devices[default] -- $(OCLT_DIR)/concurrent_devices
	$(OCLT_RUN) opencl/two_devices[writethrough] -- env $(OCLT_TWO) NX_ARGS="--dispatch=round-robin --cache-policy=wt" $(OCLT_DIR)/two_devices
	$(OCLT_RUN) opencl/evict -- env NX_ARGS="--opencl-max-memory=40K" $(OCLT_DIR)/evict
	$(OCLT_RUN) opencl/evict[2dev] -- env $(OCLT_TWO) NX_ARGS="--opencl-max-memory=40K" $(OCLT_DIR)/evict
	$(OCLT_RUN) opencl/evict[device-oom,create] -- tests/devices/opencl/device_oom.sh $(OCLT_DIR)/shim $(OCLT_DIR)/evict create
	$(OCLT_RUN) opencl/evict[device-oom,use] -- tests/devices/opencl/device_oom.sh $(OCLT_DIR)/shim $(OCLT_DIR)/evict use
	$(OCLT_RUN) opencl/build_error -- tests/devices/opencl/build_error.sh $(OCLT_DIR)/build_error
	$(OCLT_RUN) opencl/build_error[prebuild] -- env NX_ARGS="--opencl-prebuild=yes" tests/devices/opencl/build_error.sh $(OCLT_DIR)/build_error
	$(OCLT_RUN) opencl/build_error[fallback] -- tests/devices/opencl/build_error.sh $(OCLT_DIR)/build_error fallback
	$(OCLT_RUN) opencl/build_error[fallback,rr,4] -- env NX_ARGS="--dispatch=round-robin --smp-workers=4" \
	  tests/devices/opencl/build_error.sh $(OCLT_DIR)/build_error fallback
	$(OCLT_RUN) opencl/build_error[fallback,affinity,2dev] -- env $(OCLT_TWO) NX_ARGS="--dispatch=affinity" \
	  tests/devices/opencl/build_error.sh $(OCLT_DIR)/build_error fallback
	$(OCLT_RUN) opencl/prebuild -- $(OCLT_DIR)/prebuild
	$(OCLT_RUN) opencl/prebuild[no] -- $(OCLT_DIR)/prebuild no
	$(OCLT_RUN) opencl/prebuild[auto] -- $(OCLT_DIR)/prebuild auto
	$(OCLT_RUN) opencl/prebuild[exit] -- sh -c 'for ms in 5 10 20 30 40 50 70 100 150 200; do \
	  $(OCLT_TWO) $(OCLT_DIR)/prebuild exit $$ms || exit $$?; done; echo "10 exits during builds ahead"'
	$(OCLT_RUN) opencl/bad_args -- tests/devices/opencl/bad_args.sh $(OCLT_DIR)/bad_args
	$(OCLT_RUN) opencl/tile2d -- $(OCLT_DIR)/tile2d
	$(OCLT_RUN) opencl/host_split[2] -- env NX_ARGS="--smp-workers=2" $(OCLT_DIR)/host_split
	$(OCLT_RUN) opencl/host_split[2dev,3] -- env $(OCLT_TWO) NX_ARGS="--smp-workers=3" $(OCLT_DIR)/host_split
	$(OCLT_RUN) opencl/host_split[evict] -- env NX_ARGS="--smp-workers=2 --opencl-max-memory=20K" $(OCLT_DIR)/host_split evict
	$(OCLT_RUN) opencl/host_split[flush] -- env NX_ARGS="--smp-workers=2" $(OCLT_DIR)/host_split flush
	$(OCLT_RUN) opencl/local_arg -- $(OCLT_DIR)/local_arg
	$(OCLT_RUN) opencl/random_graph[default,2] -- env NX_ARGS="--smp-workers=2" $(OCLT_DIR)/random_graph 6 300 1
	$(OCLT_RUN) opencl/random_graph[round-robin,4] -- env NX_ARGS="--smp-workers=4 --dispatch=round-robin" $(OCLT_DIR)/random_graph 6 300 100
	$(OCLT_RUN) opencl/random_graph[2dev,rr,wt] -- env $(OCLT_TWO) NX_ARGS="--smp-workers=2 --dispatch=round-robin --cache-policy=wt" $(OCLT_DIR)/random_graph 6 300 200
	$(OCLT_RUN) opencl/random_graph[2dev,evict] -- env $(OCLT_TWO) NX_ARGS="--smp-workers=3 --opencl-max-memory=26K" $(OCLT_DIR)/random_graph 4 300 300
	$(OCLT_RUN) opencl/nested_commutative -- $(OCLT_DIR)/nested_commutative
	$(OCLT_RUN) opencl/nested_commutative[2dev,rr,wt,4] -- env $(OCLT_TWO) NX_ARGS="--dispatch=round-robin --cache-policy=wt --smp-workers=4" $(OCLT_DIR)/nested_commutative
	$(OCLT_RUN) opencl/smp_vs_opencl -- $(OCLT_DIR)/smp_vs_opencl
	$(OCLT_RUN) opencl/smp_vs_opencl[disabled] -- env NX_ARGS="--disable-opencl" $(OCLT_DIR)/smp_vs_opencl
	$(OCLT_RUN) opencl/smp_vs_opencl[round-robin] -- env NX_ARGS="--dispatch=round-robin" $(OCLT_DIR)/smp_vs_opencl
	$(OCLT_RUN) opencl/ops_direct -- $(OCLT_DIR)/ops_direct
	$(OCLT_RUN) opencl/ops_direct[2dev] -- env $(OCLT_TWO) $(OCLT_DIR)/ops_direct
	$(OCLT_RUN) opencl/host_writes -- $(OCLT_DIR)/host_writes
	$(OCLT_RUN) opencl/options[two] -- env $(OCLT_TWO) NX_ARGS="--opencl-device-type=cpu" $(OCLT_DIR)/options 2 "90%"
	$(OCLT_RUN) opencl/options[max-devices] -- env $(OCLT_TWO) NX_ARGS="--opencl-max-devices=1 --opencl-max-memory=3M" $(OCLT_DIR)/options 1 3145728
	$(OCLT_RUN) opencl/options[percent] -- env NX_ARGS="--opencl-device-type=cpu --opencl-max-memory=25%" $(OCLT_DIR)/options 1 "25%"
	$(OCLT_RUN) opencl/options[build-opts] -- env NX_ARGS="--opencl-device-type=cpu --opencl-build-opts=-DRUNTIME_ADD=5" $(OCLT_DIR)/options 1
	$(OCLT_RUN) opencl/options[build-opts-quoted] -- env NX_ARGS="--opencl-device-type=cpu --opencl-build-opts='-DRUNTIME_ADD=5 -cl-mad-enable' --opencl-max-memory \"50%\"" $(OCLT_DIR)/options 1 "50%"
	$(OCLT_RUN) opencl/options[disable] -- env NX_ARGS="--disable-opencl" $(OCLT_DIR)/options 0
	$(OCLT_RUN) opencl/options[accelerator] -- env NX_ARGS="--opencl-device-type=accelerator" $(OCLT_DIR)/options 0
	$(OCLT_RUN) opencl/options[cpu] -- env NX_ARGS="--opencl-device-type=cpu" $(OCLT_DIR)/options 1
	$(OCLT_RUN) opencl/options[gpu,cpu] -- env NX_ARGS="--opencl-device-type=GPU,CPU" $(OCLT_DIR)/options 1
	$(OCLT_RUN) opencl/options[gpu,accelerator] -- env NX_ARGS="--opencl-device-type=gpu,accelerator" $(OCLT_DIR)/options 0
	$(OCLT_RUN) opencl/options[env-list] -- env NX_OPENCL_DEVICE_TYPE="cpu, accelerator" $(OCLT_DIR)/options 1
	$(OCLT_RUN) opencl/no_opencl -- tests/devices/opencl/no_opencl.sh $(OCLT_DIR)/options
	$(OCLT_RUN) opencl/timeline -- tests/devices/opencl/timeline.sh $(OCLT_DIR)/timeline

# The programs whose checks are about results run again with their kernels translated to
# C by mcc (`mcc -c` of the source each registers, printed by cl_extract.c) and
# --opencl-cpu=on, with no OpenCL platform (only the translation can run their tasks).
OCLT_XLATE      := vadd_saxpy local_arg host_writes nested_commutative concurrent_devices \
                   random_graph
OCLT_XLATE_BINS := $(OCLT_XLATE:%=$(OCLT_DIR)/xlate/%)
OCLT_MVEC_LINK  := -Wl,--push-state,--as-needed -lmvec -Wl,--pop-state
OCLT_MVEC       := $(if $(wildcard /usr/lib/*/libmvec.so /lib/*/libmvec.so),$(OCLT_MVEC_LINK))

$(OCLT_DIR)/xlate/%.cl: tests/devices/opencl/%.c tests/devices/opencl/cl_extract.c tests/devices/opencl/oclt.h tests/devices/opencl/add_one.h $(NANORT_LIB_A)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) -Wno-unused-function -Inanort -Itests/devices/opencl -DOCLT_TEST='"$*.c"' \
	    tests/devices/opencl/cl_extract.c -o $(@D)/$*.extract $(NANORT_LIB_A) $(LDLIBS_COMMON)
	$(@D)/$*.extract > $@

$(OCLT_DIR)/xlate/%.o: $(OCLT_DIR)/xlate/%.cl $(MCC_BIN) $(BUILD)/lib/mcc/include/opencl_c.h \
                       $(BUILD)/lib/mcc/include/opencl_c_impl.h
	$(MCC_BIN) --opencl-cpu=require -c $< -o $@

$(OCLT_DIR)/xlate/%: tests/devices/opencl/%.c $(OCLT_DIR)/xlate/%.o tests/devices/opencl/oclt.h tests/devices/opencl/add_one.h nanort/nrt.h \
                     include/nanort.h $(NANORT_LIB_A)
	$(CC) $(CFLAGS_COMMON) -Inanort $< $(OCLT_DIR)/xlate/$*.o -o $@ $(NANORT_LIB_A) \
	    $(OCLT_MVEC) $(LDLIBS_COMMON)

.PHONY: check-opencl-translated
check-opencl-translated: $(OCLT_XLATE_BINS)
	@for p in $(OCLT_XLATE); do \
	  OCLT_TRANSLATED=1 OCL_ICD_VENDORS=/nonexistent NX_ARGS="--opencl-cpu=on --smp-workers=2" \
	    $(HARNESS) run $(RESULTS) opencl/translated/$$p -- $(OCLT_DIR)/xlate/$$p; \
	done

CHECK_TARGETS += check-opencl check-opencl-translated
