# install.mk: `make install PREFIX=/usr/local` (DESTDIR=... stages the files elsewhere) and
# `make uninstall`.  The installed tree has the layout mcc expects around its executable,
# the same as build/:
#   PREFIX/bin/mcc                  PREFIX/lib/libnanort.a, libnanort.so
#   PREFIX/include/nanort.h         PREFIX/lib/mcc/include/omp.h (mcc's own, off the system path)
#   PREFIX/lib/pkgconfig/nanort.pc  (for programs that call nanort directly from C)
INSTALL       ?= install
INSTALL_ROOT   = $(DESTDIR)$(PREFIX)
NANORT_VERSION := $(shell awk '/define NANORT_VERSION_MAJOR/ {a = $$3} \
                               /define NANORT_VERSION_MINOR/ {b = $$3} END {print a "." b}' include/nanort.h)
INSTALLED_FILES := bin/mcc lib/libnanort.a lib/libnanort.so include/nanort.h \
                   lib/mcc/include/omp.h lib/mcc/include/nanos.h lib/pkgconfig/nanort.pc
INSTALLED_FILES += lib/libnanort-cuda.a  # devices/cuda/module.mk installs it (with a toolkit)

.PHONY: install-nanort-mcc uninstall
install-nanort-mcc: $(BUILD)/bin/mcc $(BUILD)/lib/libnanort.a $(BUILD)/lib/libnanort.so \
                    include/nanort.h mcc/include/omp.h mcc/include/nanos.h
	$(INSTALL) -d $(INSTALL_ROOT)/bin $(INSTALL_ROOT)/include $(INSTALL_ROOT)/lib/mcc/include \
	              $(INSTALL_ROOT)/lib/pkgconfig
	$(INSTALL) -m 755 $(BUILD)/bin/mcc $(INSTALL_ROOT)/bin/mcc
	$(INSTALL) -m 644 $(BUILD)/lib/libnanort.a $(INSTALL_ROOT)/lib/libnanort.a
	$(INSTALL) -m 755 $(BUILD)/lib/libnanort.so $(INSTALL_ROOT)/lib/libnanort.so
	$(INSTALL) -m 644 include/nanort.h $(INSTALL_ROOT)/include/nanort.h
	$(INSTALL) -m 644 mcc/include/omp.h $(INSTALL_ROOT)/lib/mcc/include/omp.h
	$(INSTALL) -m 644 mcc/include/nanos.h $(INSTALL_ROOT)/lib/mcc/include/nanos.h
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
