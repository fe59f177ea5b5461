# Top-level Makefile: plain GNU make.  Every part of the project lives in its own
# fragment (<dir>/module.mk) that appends to the lists below; this file only wires
# them together.
#
#   make            build everything into build/
#   make check      build and run every test; ends with "total: N passed, N failed, N skipped"
#   make bench      run the side-by-side benchmarks (bench/README.md)
#   make demo       install what is missing, build, and run a real sample
#   make deps       install missing Debian packages (as root; otherwise prints the command)
#   make install PREFIX=/usr/local

BUILD    ?= build
PREFIX   ?= /usr/local
CC       ?= gcc
ifeq ($(origin CC),default)
CC       := gcc
endif
OPT      ?= -O2
WARN     := -Wall -Wextra
CFLAGS_COMMON := -std=gnu11 $(OPT) -g $(WARN) -fPIC -D_GNU_SOURCE -Iinclude
LDLIBS_COMMON := -lpthread -lm -ldl
CHECK_CFLAGS  := $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS    := $(shell pkg-config --libs check 2>/dev/null)
HARNESS  := tests/harness.sh
RESULTS  := $(BUILD)/results

# Lists the fragments append to.
ALL_TARGETS :=
CHECK_TARGETS :=
BENCH_TARGETS :=
INSTALL_TARGETS :=
CLEAN_EXTRA :=

.PHONY: all check bench demo deps install clean
all:

include $(wildcard nanort/module.mk devices/*/module.mk grammar/module.mk mcc/module.mk install.mk \
                   tests/*/module.mk tests/*/*/module.mk samples/module.mk bench/module.mk)

all: $(ALL_TARGETS)

# Run every check even when one fails (each check records its result through the
# harness), then print the totals.  A build failure fails the whole run.
check: deps-quiet
	@rm -rf $(RESULTS) && mkdir -p $(RESULTS)
	@st=0; $(MAKE) --no-print-directory -k $(CHECK_TARGETS) || st=$$?; \
	  $(HARNESS) summary $(RESULTS) $$st

bench: deps-quiet all $(BENCH_TARGETS)

deps:
	@scripts/deps.sh
deps-quiet:
	@scripts/deps.sh --quiet

install: all $(INSTALL_TARGETS)

clean:
	rm -rf $(BUILD) $(CLEAN_EXTRA)

$(BUILD):
	@mkdir -p $@
