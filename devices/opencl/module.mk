# devices/opencl/module.mk - the OpenCL device plugin, built into libnanort: its sources
# (one object in the static archive), its options file, and its own header and X-macro lists as prerequisites of its objects
# (plain, checking and sanitizer builds).
$(eval $(call nanort_add_sources,$(sort $(wildcard devices/opencl/*.c))))
# (one object in the static archive, its unprefixed names local: nanort/libnanort.map)
$(eval $(call nanort_add_group,devices/opencl,$(sort $(wildcard devices/opencl/*.c))))
$(eval $(call nanort_add_options,devices/opencl/options.def))
OCL_PLUGIN_HDRS := devices/opencl/opencl.h devices/opencl/openclapi.def devices/opencl/clerrors.def \
                   devices/opencl/options.def
$(foreach d,obj obj-debug tsan/obj asan/obj,$(patsubst %.c,$(BUILD)/$(d)/%.o,$(wildcard devices/opencl/*.c))): \
    $(OCL_PLUGIN_HDRS)
