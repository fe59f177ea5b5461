# devices/cuda/module.mk - the CUDA device plugin: build/lib/libnanort-cuda.a.
#
# Built with gcc against the CUDA toolkit's headers; the toolkit is found as mcc finds
# it: nvcc on PATH, else $CUDA_HOME/bin/nvcc, else /usr/local/cuda/bin/nvcc.  Without a
# toolkit the library is not built (CUDA_HOME_DIR is empty) and the CUDA tests report
# skipped.
#
# Programs with CUDA parts link it after nanort, with the static CUDA runtime (a program
# then starts on a machine without a GPU or without libcuda: cudart_static loads the
# driver at run time, and the plugin finds no device), as mcc does:
#
#   gcc prog.o kernels.o -o prog -L<libdir> -lnanort \
#       -Wl,--undefined=nanort_cuda_plugin <libdir>/libnanort-cuda.a \
#       -L<cuda>/lib64 -lcudart_static -ldl -lrt -lpthread -lstdc++
#
# (the user's .cu objects register their kernels with that same static cudart, so the
# plugin's cudaLaunchKernel finds them).  CUDA_LINK below is that tail.

CUDA_NVCC     := $(firstword $(shell command -v nvcc 2>/dev/null) \
                   $(if $(CUDA_HOME),$(wildcard $(CUDA_HOME)/bin/nvcc)) \
                   $(wildcard /usr/local/cuda/bin/nvcc))
CUDA_HOME_DIR := $(if $(CUDA_NVCC),$(patsubst %/bin/nvcc,%,$(realpath $(CUDA_NVCC))))
# A toolkit whose runtime header or static runtime is missing counts as no toolkit.
CUDA_HOME_DIR := $(if $(wildcard $(CUDA_HOME_DIR)/include/cuda_runtime_api.h),$(if \
                   $(wildcard $(CUDA_HOME_DIR)/lib64/libcudart_static.a),$(CUDA_HOME_DIR)))

CUDA_PLUGIN_SRCS := $(filter-out devices/cuda/cublas.c,$(wildcard devices/cuda/*.c))
CUDA_PLUGIN_OBJS := $(CUDA_PLUGIN_SRCS:%.c=$(BUILD)/obj/%.o)
# nanos_get_cublas_handle(): a member of its own, linked only by programs that call it
# (they link cuBLAS); left out where the toolkit has no cuBLAS header.
CUDA_CUBLAS_OBJ   = $(if $(wildcard $(CUDA_HOME_DIR)/include/cublas_v2.h),\
                      $(BUILD)/obj/devices/cuda/cublas.o)
CUDA_PLUGIN_LIB  := $(BUILD)/lib/libnanort-cuda.a
CUDA_LINK         = -Wl,--undefined=nanort_cuda_plugin $(CUDA_PLUGIN_LIB) \
                    -L$(CUDA_HOME_DIR)/lib64 -lcudart_static -ldl -lrt -lpthread -lstdc++

# Its options (also shown and accepted in programs without CUDA parts: nanort/module.mk).
$(eval $(call nanort_add_options,devices/cuda/options.def))

ifneq ($(CUDA_HOME_DIR),)
ALL_TARGETS += $(CUDA_PLUGIN_LIB)

$(CUDA_PLUGIN_OBJS) $(CUDA_CUBLAS_OBJ): $(BUILD)/obj/%.o: %.c devices/cuda/cuda.h devices/cuda/options.def nanort/nrt.h include/nanort.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_COMMON) -Inanort -I$(CUDA_HOME_DIR)/include -c $< -o $@

# One object (ld -r) in which the plugin's unprefixed names (cuda_fail, cuda_use, ...) are
# local: every program with CUDA parts links the archive, and one that defined a global
# cuda_fail of its own got "multiple definition of `cuda_fail'".  (Its nrt_ names stay
# global, like libnanort's.)
CUDA_PLUGIN_ONE := $(BUILD)/obj/devices/cuda.o
$(CUDA_PLUGIN_ONE): $(CUDA_PLUGIN_OBJS)
	$(call nanort_link_local,cuda_*)

$(CUDA_PLUGIN_LIB): $(CUDA_PLUGIN_ONE) $(CUDA_CUBLAS_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

# make install: beside libnanort.a, where mcc looks for it (install.mk lists it for
# uninstall).
.PHONY: install-nanort-cuda
install-nanort-cuda: $(CUDA_PLUGIN_LIB)
	$(INSTALL) -d $(INSTALL_ROOT)/lib
	$(INSTALL) -m 644 $(CUDA_PLUGIN_LIB) $(INSTALL_ROOT)/lib/libnanort-cuda.a
INSTALL_TARGETS += install-nanort-cuda
endif
