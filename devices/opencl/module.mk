# devices/opencl/module.mk - the OpenCL device plugin.  nanort/module.mk compiles
# devices/opencl/*.c into libnanort; this adds the plugin's own header and X-macro lists
# to the objects' prerequisites (plain and sanitizer builds).
OCL_PLUGIN_HDRS := devices/opencl/opencl.h devices/opencl/openclapi.def devices/opencl/clerrors.def
$(foreach d,obj tsan/obj asan/obj,$(patsubst %.c,$(BUILD)/$(d)/%.o,$(wildcard devices/opencl/*.c))): \
    $(OCL_PLUGIN_HDRS)
