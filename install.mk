# install.mk: `make install PREFIX=/usr/local` (DESTDIR=... stages the files elsewhere) and
# `make uninstall`.  The installed tree has the layout mcc expects around its executable,
# the same as build/:
#   PREFIX/bin/mcc                  PREFIX/lib/libnanort.a, libnanort.so
#   PREFIX/include/nanort.h         PREFIX/lib/mcc/include/omp.h (mcc's own, off the system path),
#                                   nanos.h, nanos_omp.h, mcc_cuda.h, opencl_c.h, opencl_c_impl.h
#   PREFIX/lib/pkgconfig/nanort.pc  (for programs that call nanort directly from C)
#   PREFIX/share/man/man1/mcc.1, nanort-perfmodel.1, PREFIX/share/man/man7/nanort.7
INSTALL       ?= install
INSTALL_ROOT   = $(DESTDIR)$(PREFIX)
NANORT_VERSION := $(shell awk '/define NANORT_VERSION_MAJOR/ {a = $$3} \
                               /define NANORT_VERSION_MINOR/ {b = $$3} END {print a "." b}' include/nanort.h)
INSTALLED_FILES := bin/mcc bin/nanort-perfmodel lib/libnanort.a lib/libnanort.so \
                   lib/libnanort-debug.so include/nanort.h lib/mcc/include/omp.h \
                   lib/mcc/include/nanos.h lib/mcc/include/nanos_omp.h lib/mcc/include/mcc_cuda.h \
                   lib/mcc/include/opencl_c.h lib/mcc/include/opencl_c_impl.h \
                   lib/pkgconfig/nanort.pc \
                   share/man/man1/mcc.1 share/man/man1/nanort-perfmodel.1 share/man/man7/nanort.7
INSTALLED_FILES += lib/libnanort-cuda.a  # devices/cuda/module.mk installs it (with a toolkit)

.PHONY: install-nanort-mcc uninstall
install-nanort-mcc: $(BUILD)/bin/mcc $(BUILD)/bin/nanort-perfmodel $(BUILD)/lib/libnanort.a \
                    $(BUILD)/lib/libnanort.so $(BUILD)/lib/libnanort-debug.so \
                    include/nanort.h mcc/include/omp.h mcc/include/nanos.h mcc/include/nanos_omp.h \
                    mcc/include/mcc_cuda.h mcc/include/opencl_c.h mcc/include/opencl_c_impl.h \
                    docs/man/mcc.1 docs/man/nanort.7 docs/man/nanort-perfmodel.1
	$(INSTALL) -d $(INSTALL_ROOT)/bin $(INSTALL_ROOT)/include $(INSTALL_ROOT)/lib/mcc/include \
	              $(INSTALL_ROOT)/lib/pkgconfig $(INSTALL_ROOT)/share/man/man1 \
	              $(INSTALL_ROOT)/share/man/man7
	$(INSTALL) -m 644 docs/man/mcc.1 docs/man/nanort-perfmodel.1 $(INSTALL_ROOT)/share/man/man1/
	$(INSTALL) -m 644 docs/man/nanort.7 $(INSTALL_ROOT)/share/man/man7/
	$(INSTALL) -m 755 $(BUILD)/bin/mcc $(INSTALL_ROOT)/bin/mcc
	$(INSTALL) -m 755 $(BUILD)/bin/nanort-perfmodel $(INSTALL_ROOT)/bin/nanort-perfmodel
	$(INSTALL) -m 644 $(BUILD)/lib/libnanort.a $(INSTALL_ROOT)/lib/libnanort.a
	$(INSTALL) -m 755 $(BUILD)/lib/libnanort.so $(INSTALL_ROOT)/lib/libnanort.so
	$(INSTALL) -m 755 $(BUILD)/lib/libnanort-debug.so $(INSTALL_ROOT)/lib/libnanort-debug.so
	$(INSTALL) -m 644 include/nanort.h $(INSTALL_ROOT)/include/nanort.h
	$(INSTALL) -m 644 mcc/include/omp.h $(INSTALL_ROOT)/lib/mcc/include/omp.h
	$(INSTALL) -m 644 mcc/include/mcc_cuda.h $(INSTALL_ROOT)/lib/mcc/include/mcc_cuda.h
	$(INSTALL) -m 644 mcc/include/nanos.h $(INSTALL_ROOT)/lib/mcc/include/nanos.h
	$(INSTALL) -m 644 mcc/include/nanos_omp.h $(INSTALL_ROOT)/lib/mcc/include/nanos_omp.h
	$(INSTALL) -m 644 mcc/include/opencl_c.h mcc/include/opencl_c_impl.h \
	                  $(INSTALL_ROOT)/lib/mcc/include/
	printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$${prefix}/lib' 'includedir=$${prefix}/include' '' \
	  'Name: nanort' 'Description: OmpSs task runtime (the library mcc links programs with)' \
	  'Version: $(NANORT_VERSION)' 'Cflags: -I$${includedir}' \
	  'Libs: -L$${libdir} -Wl,-rpath,$${libdir} -lnanort -lpthread -ldl -lm' \
	  > $(INSTALL_ROOT)/lib/pkgconfig/nanort.pc
	chmod 644 $(INSTALL_ROOT)/lib/pkgconfig/nanort.pc

uninstall:
	rm -f $(addprefix $(INSTALL_ROOT)/,$(INSTALLED_FILES))
	-rmdir $(INSTALL_ROOT)/lib/mcc/include $(INSTALL_ROOT)/lib/mcc 2>/dev/null

INSTALL_TARGETS += install-nanort-mcc
