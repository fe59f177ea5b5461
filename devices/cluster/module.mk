# devices/cluster/module.mk - the MPI plugin: build/lib/libnanort-mpi.so (cluster mode and
# task-aware MPI, TAMPI.h), and TAMPI.h on mcc's include path.
#
# Built only where Open MPI's development files are (mpicc; Debian: libopenmpi-dev).  The
# library links libmpi and libnanort.so; libnanort itself never links MPI: it dlopens this
# library under NX_ARGS=--cluster, and mcc links it into programs whose link uses MPI
# (`OMPI_CC=mcc mpicc --ompss ...`), before libmpi, so that its MPI_* wrappers (the
# blocking mode of TAMPI) come first.

CLUSTER_MPICC    := $(shell command -v mpicc 2>/dev/null)
CLUSTER_SRCS     := $(wildcard devices/cluster/*.c)
CLUSTER_OBJS     := $(CLUSTER_SRCS:%.c=$(BUILD)/obj/%.o)
CLUSTER_LIB      := $(BUILD)/lib/libnanort-mpi.so
TAMPI_HEADER     := $(BUILD)/lib/mcc/include/TAMPI.h

ALL_TARGETS += $(TAMPI_HEADER)
$(TAMPI_HEADER): mcc/include/TAMPI.h
	@mkdir -p $(@D)
	cp $< $@

ifneq ($(CLUSTER_MPICC),)
CLUSTER_MPI_CFLAGS := $(shell $(CLUSTER_MPICC) -showme:compile 2>/dev/null)
CLUSTER_MPI_LIBS   := $(shell $(CLUSTER_MPICC) -showme:link 2>/dev/null)
ALL_TARGETS += $(CLUSTER_LIB)

$(CLUSTER_OBJS): $(BUILD)/obj/%.o: %.c devices/cluster/cluster.h devices/cluster/order.h nanort/nrt.h include/nanort.h \
                 mcc/include/TAMPI.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_COMMON) -Inanort -Imcc/include $(CLUSTER_MPI_CFLAGS) -c $< -o $@

$(CLUSTER_LIB): $(CLUSTER_OBJS) $(NANORT_LIB_SO)
	@mkdir -p $(@D)
	$(CC) -shared -o $@ $(CLUSTER_OBJS) -L$(BUILD)/lib -Wl,-rpath,'$$ORIGIN' -lnanort \
	    $(CLUSTER_MPI_LIBS) $(LDLIBS_COMMON)

.PHONY: install-nanort-mpi
install-nanort-mpi: $(CLUSTER_LIB)
	$(INSTALL) -d $(INSTALL_ROOT)/lib $(INSTALL_ROOT)/lib/mcc/include
	$(INSTALL) -m 755 $(CLUSTER_LIB) $(INSTALL_ROOT)/lib/libnanort-mpi.so
	$(INSTALL) -m 644 mcc/include/TAMPI.h $(INSTALL_ROOT)/lib/mcc/include/TAMPI.h
INSTALL_TARGETS += install-nanort-mpi
endif

# make bench-cluster: cholesky and matmul, one process against N ranks (--cluster) and
# StarPU-MPI (bench/cluster/README.md); WORKERS, RANKS, ROUNDS, CHOL, MM as run.sh reads them.
.PHONY: bench-cluster
bench-cluster: $(MCC_BIN) $(NANORT_LIB_SO) $(if $(CLUSTER_MPICC),$(CLUSTER_LIB))
	@mkdir -p bench/results
	BUILD=$(BUILD) MCC=$(MCC_BIN) bench/cluster/run.sh bench/results/cluster.md
BENCH_TARGETS += bench-cluster
