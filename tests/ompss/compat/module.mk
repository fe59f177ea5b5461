# tests/ompss/compat: OpenMP and Nanos++ compatibility of the runtime (tests/ompss/compat/run.sh):
# omp.h's routines and locks against gcc -fopenmp under 1, 2, 4 workers and bf, dbf, wf;
# the lock deadlock that stops with a message; the parallel-region hooks; the Nanos++
# calls of nanos.h; taskloop's task counts and depend clauses' evaluations, as libgomp's.
# target regions on the host: the scalars and pointers they copy (implicit firstprivate);
# declare variant: the variant each call calls, as gcc chooses it; loops drawing from
# threadprivate generators and teams' schedule(runtime) loops (at 1 to 4 threads); threadprivate variables
# a gcc unit defines (and mcc's error where it defines them not thread-local).
# The OMP_ variables as job scripts set them (OMP_SCHEDULE, OMP_NUM_THREADS lists,
# OMP_DEFAULT_DEVICE, OMP_PROC_BIND; a bad value of each named), OMP_STACKSIZE,
# OMP_WAIT_POLICY; a master's thread number in regions that tasks open; thread numbers
# and team sizes against gcc -fopenmp on 2, 3 and 4 threads.
# About 20 s on 2 cores.
#
#   make check-compat check-compat-tsan
.PHONY: check-compat
check-compat: $(MCC_BIN) $(BUILD)/lib/libnanort.a $(BUILD)/lib/mcc/include/omp.h
	@BUILD=$(BUILD) MCC=$(MCC_BIN) CC="$(CC)" HARNESS=$(HARNESS) tests/ompss/compat/run.sh $(RESULTS)

CHECK_TARGETS += check-compat

# The lock programs under ThreadSanitizer (the runtime's TSan build, tests/unit/module.mk).
.PHONY: check-compat-tsan
check-compat-tsan: $(MCC_BIN) $(BUILD)/tsan/libnanort.a $(BUILD)/lib/mcc/include/omp.h
	@BUILD=$(BUILD) MCC=$(MCC_BIN) CC="$(CC)" HARNESS=$(HARNESS) tests/ompss/compat/run.sh $(RESULTS) tsan
CHECK_TARGETS += check-compat-tsan
check-tsan: check-compat-tsan
