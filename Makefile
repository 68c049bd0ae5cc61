# SPDX-License-Identifier: GPL-2.0-or-later
# pmdiag: Linux power-management diagnostics. Plain make, as pciutils and turbostat.
#
#   make            build libpmdiag and the tools into build/
#   make report     install missing Debian packages, build, print this machine's report
#   make check      the same, then every test (unit, Bats, live, static build, fuzz smoke,
#                   QEMU boots, lint)
#   make initramfs  the diagnostic boot image; make usb-image: a bootable USB stick image
#   make bench      benchmarks
#   make fuzz       libFuzzer targets, FUZZ_SECONDS=N each
#   make install    PREFIX, DESTDIR, BINDIR, MANDIR, UNITDIR (systemd units: pmdiag-report
#                   .service and .timer, the node_exporter textfile every hour)
#   STATIC=1        link libpmdiag, libcpuid, libnl, libtracefs and libtraceevent statically
#                   (see README: libpci and libarchive stay shared)
#   NOWERROR=1      keep warnings from failing a check build
#   SAN=1           AddressSanitizer + UndefinedBehaviorSanitizer (with leak detection), built
#                   into build/san: make check SAN=1 runs every suite on those binaries
#   make check-valgrind   the Bats suite with every tool under valgrind
#   make lint       cppcheck, clang-tidy (.clang-tidy), mandoc -Tlint and scripts/lint.sh's
#                   checks (layers, inputs, lines)

# The version: the VERSION file, with the commit in a git checkout (scripts/version.sh)
VERSION := $(shell scripts/version.sh)

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
# systemd's system unit directory under PREFIX (/usr/local/lib/systemd/system is in
# systemd's search path; packagers: UNITDIR=/lib/systemd/system or $(pkg-config
# --variable=systemdsystemunitdir systemd))
UNITDIR ?= $(PREFIX)/lib/systemd/system
# private files: aml-vclock.so, the virtual clock preloaded into acpiexec
PKGLIBDIR ?= $(PREFIX)/lib/pmdiag

CC ?= cc
CFLAGS ?= -O2 -g
PKG_CONFIG ?= pkg-config
ifeq ($(SAN),1)
B := build/san
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
override CFLAGS += $(SAN_FLAGS)
override LDFLAGS += $(SAN_FLAGS)
# every tool run by the suites stops at the first error, leaks included; 5 frames of each
# allocation's stack are kept (30 by default: a tenth of every run's time)
export ASAN_OPTIONS := detect_leaks=1:abort_on_error=0:exitcode=86:allocator_may_return_null=1:malloc_context_size=5
export UBSAN_OPTIONS := print_stacktrace=1:halt_on_error=1:exitcode=87
# the Bats suites skip their oracle comparisons (oracle_test): make check ran them
export PMD_SAN := 1
else
B := build
endif
# the suites run the tools of this build
export PMD_BIN := $(CURDIR)/$(B)/bin

WARN := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wformat=2 \
	-Wno-format-nonliteral -Wno-unused-parameter -Wpointer-arith -Wvla -Wundef
override CFLAGS += -std=gnu11 $(WARN) -D_GNU_SOURCE -Ilib \
	-DPMD_PKGLIBDIR='"$(PKGLIBDIR)"'
ifeq ($(WERROR),1)
ifneq ($(NOWERROR),1)
override CFLAGS += -Werror
endif
endif

# Dependencies come from Debian packages (scripts/deps.sh installs them).
# Recursive '=' so pkg-config runs only when a rule needs it.
# libarchive is not linked: lib/source/la.c loads it when an archive is first read or
# written (it pulls libxml2 and ICU, 34 MB, that the boot image need not carry); its
# headers still come from pkg-config.
DEP_PKGS := libpci libcpuid libnl-genl-3.0 libarchive libtracefs libtraceevent
DEP_CFLAGS = $(shell $(PKG_CONFIG) --cflags $(DEP_PKGS) 2>/dev/null)
ifeq ($(STATIC),1)
# Debian ships libcpuid.a, libnl's, libtracefs.a and libtraceevent.a, but no libpci.a:
# libpci (and libc) stay shared.
DEP_LIBS = -Wl,-Bstatic -lcpuid -lnl-genl-3 -lnl-3 -ltracefs -ltraceevent -Wl,-Bdynamic -lpci \
	-lpthread -ldl
else
DEP_LIBS = $(filter-out -larchive,$(shell $(PKG_CONFIG) --libs $(DEP_PKGS) 2>/dev/null || echo -lpci -lcpuid -lnl-genl-3 -lnl-3 -ltracefs -ltraceevent))
endif
override CFLAGS += $(DEP_CFLAGS)
LDLIBS += $(DEP_LIBS) -lm

LIB_SRC := $(sort $(shell find lib -name '*.c'))
LIB_HDR := $(sort $(shell find lib -name '*.h'))
LIB_OBJ := $(LIB_SRC:%.c=$(B)/%.o)
LIBA := $(B)/libpmdiag.a

TOOL_SRC := $(sort $(wildcard tools/pmdiag-*.c))
# the shared command line of every tool
CLI_OBJ := $(B)/tools/cli.o
TOOLS := $(TOOL_SRC:tools/%.c=$(B)/bin/%)

UNIT_SRC := $(sort $(wildcard tests/unit/*.c))
UNIT_OBJ := $(UNIT_SRC:%.c=$(B)/%.o)
UNIT := $(B)/unit-tests

MANS := $(sort $(wildcard man/*.[1-8]))

.PHONY: all deps deps-check deps-image report check check-unit check-bats check-live check-static check-fuzz check-valgrind bench fuzz \
	install install-units uninstall clean lint

# acpiexec's virtual clock (tools/aml-vclock.c): preloaded into acpiexec, never linked into
# pmdiag; no sanitizer (acpiexec is not built with one)
VCLOCK := $(B)/lib/pmdiag/aml-vclock.so

all: $(TOOLS) $(VCLOCK)

# The AML evaluation cache's key names the code that makes an evaluation: a hash of its
# sources (lib/source/aml-cache.c), so an entry made by other code is never used.
AML_KEY_SRC := $(sort $(wildcard lib/acpi/aml*.[ch] lib/acpi/lps0.[ch] lib/acpi/osi.[ch] lib/format/acpiexec.[ch] lib/format/amleval.[ch] \
	lib/format/amlvalue.[ch] lib/source/aml-exec.c lib/source/aml-cache.c tools/aml-vclock*.[ch]))
$(B)/lib/source/aml-cache.o: $(AML_KEY_SRC)
$(B)/lib/source/aml-cache.o: override CFLAGS += \
	-DPMD_AML_CODE_KEY='"$(shell cat $(AML_KEY_SRC) | sha256sum | cut -c1-16)"'

$(VCLOCK): tools/aml-vclock.c tools/aml-vclock-out.c tools/aml-vclock.h Makefile
	@mkdir -p $(dir $@)
	$(CC) -O2 -g -std=gnu11 $(WARN) $(PATH_MAP) -fPIC -shared -o $@ tools/aml-vclock.c tools/aml-vclock-out.c

# The files that print the version are built again when it changes.
VERSION_USERS := lib/source/source-live.c lib/source/source-sim.c lib/report/report.c \
	lib/report/dump-write.c tools/cli.c
# Only they see it: a new commit leaves every other object's ccache key as it was.
$(patsubst %.c,$(B)/%.o,$(VERSION_USERS)): $(B)/version.stamp
$(patsubst %.c,$(B)/%.o,$(VERSION_USERS)): override CFLAGS += -DPMD_VERSION='"$(VERSION)"'
$(B)/version.stamp: FORCE
	@mkdir -p $(dir $@)
	@echo "$(VERSION)" | cmp -s - $@ 2>/dev/null || echo "$(VERSION)" > $@
.PHONY: FORCE
FORCE:

# Objects are compiled through ccache where it is installed (make check installs it; each
# pass and the static build compile every source; CCACHE= turns it off).
# The objects, and aml-vclock.so, name their sources relative to the tree
# (-ffile-prefix-map: the debugging information, and __FILE__ should a source use it), so
# no output depends on where the tree is (tests/package/repro.sh builds two clones at two
# paths); ccache is told where the tree is (CCACHE_BASEDIR): a clone at another path hits
# the same cache, and gets the object it would have compiled.
ifeq ($(origin CCACHE),undefined)
CCACHE := $(shell command -v ccache 2> /dev/null)
endif
PATH_MAP := -ffile-prefix-map=$(CURDIR)=.
override CFLAGS += $(PATH_MAP)
export CCACHE_BASEDIR := $(CURDIR)
$(B)/%.o: %.c $(LIB_HDR) tools/cli.h Makefile
	@mkdir -p $(dir $@)
	$(CCACHE) $(CC) $(CFLAGS) $(CPPFLAGS) -MMD -MP -c -o $@ $<

$(LIBA): $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(B)/bin/%: $(B)/tools/%.o $(CLI_OBJ) $(LIBA)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(CLI_OBJ) $(LIBA) $(LDLIBS)

$(UNIT): $(UNIT_OBJ) $(LIBA)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(UNIT_OBJ) $(LIBA) $(LDLIBS)

-include $(shell find $(B)/lib $(B)/tools $(B)/tests/unit -name '*.d' 2>/dev/null)

# The diagnostic boot image and the QEMU end-to-end tests (make initramfs, usb-image,
# check-qemu, dumps) live in their own fragment.
-include initramfs/initramfs.mk

# ---- set-up and the two commands of the README ----

# SAN=1 runs the suites that execute our code; the fuzzers are sanitized anyway, and
# the boot image is for real machines.
ifeq ($(SAN),1)
CHECK_SUITES := check-unit check-bats check-live
else
CHECK_SUITES := check-unit check-bats check-live check-static check-fuzz check-qemu check-package lint
endif

# The Debian packages, by purpose (scripts/deps.sh): report builds and runs pmdiag, check
# adds the tests, image the boot image and QEMU.
deps:
	@scripts/deps.sh report
deps-check:
	@scripts/deps.sh report check image
deps-image:
	@scripts/deps.sh report image

report: deps
	@$(MAKE) --no-print-directory all
	@$(B)/bin/pmdiag-report

# Each suite in turn, all of them even when one fails (as make -k), with its wall time;
# a table of the times at the end (CONTRIBUTING.md keeps the budget).
check: deps-check
	@$(MAKE) --no-print-directory WERROR=1 all $(UNIT)
	@rc=0; times=""; failed=""; for s in $(CHECK_SUITES); do \
		t0=$$(date +%s); st=""; $(MAKE) --no-print-directory $$s || { rc=1; st=" FAILED"; failed="$$failed $$s"; }; \
		t=$$(( $$(date +%s) - t0 )); echo "check: $$s took $$t s$$st"; times="$$times $$s=$$t"; \
	done; \
	echo "check$(if $(filter 1,$(SAN)), SAN=1): phase times (s):$$times"; \
	[ -z "$$failed" ] || echo "check$(if $(filter 1,$(SAN)), SAN=1): FAILED:$$failed"; exit $$rc

check-unit: $(UNIT)
	$(UNIT)

check-bats: all
	tests/run-bats.sh $(if $(filter 1,$(BATS_ONCE)),--nosan-only) tests/bats

# make STATIC=1 works: libcpuid, libnl, libtracefs and libtraceevent linked in, and the
# tools print what the shared build prints (build/static, so the shared build stays as it is)
check-static: all
	@$(MAKE) -s --no-print-directory STATIC=1 B=build/static all
	@! ldd build/static/bin/pmdiag-report | grep -E 'libcpuid|libnl|libtrace' || \
		{ echo "check-static: libcpuid, libnl, libtracefs or libtraceevent still shared" >&2; exit 1; }
	@for t in build/static/bin/pmdiag-*; do \
		n=$${t##*/}; [ $$n = pmdiag-dump ] || [ $$n = pmdiag-race ] && continue; \
		$$t --dump tests/dumps/laptop > build/static/$$n.out 2>&1 || true; \
		$(B)/bin/$$n --dump tests/dumps/laptop 2>&1 | cmp -s - build/static/$$n.out || \
			{ echo "check-static: $$n prints something else" >&2; exit 1; }; \
	done; echo "check-static: libcpuid, libnl, libtracefs and libtraceevent static, every tool prints what the shared build prints"

check-live: all
	tests/run-bats.sh tests/live

check-valgrind: all
	tests/valgrind/run.sh $(CURDIR)/$(B)/bin

FUZZ_SECONDS ?= 10
FUZZ_SMOKE_SECONDS ?= 3
check-fuzz:
	@tests/fuzz/run.sh --build-dir $(B)/fuzz --seconds $(FUZZ_SMOKE_SECONDS)

fuzz:
	@tests/fuzz/run.sh --build-dir $(B)/fuzz --seconds $(FUZZ_SECONDS)

bench: all
	@tests/bench/run.sh
	@tests/bench/idle.sh
	@tests/bench/race.sh
	@tests/bench/report.sh
	@tests/bench/archive.sh
	@tests/bench/aml.sh
	@tests/bench/klog.sh
	@echo "== fuzz targets: executions per second, and without a crash so far"
	@tests/fuzz/run.sh --build-dir $(B)/fuzz --seconds $(FUZZ_SECONDS)
	@$(MAKE) --no-print-directory bench-qemu

# clang-tidy per file, remembered by a stamp so that only changed sources are checked
# again, and by content in ~/.cache/pmdiag/tidy (scripts/tidy.sh) so that a clean clone
# does not check again what an earlier run found clean; cppcheck and mandoc -Tlint in
# scripts/lint.sh.
TIDY_OK := $(patsubst %.c,$(B)/tidy/%.ok,$(LIB_SRC) $(TOOL_SRC))
TIDY_FLAGS = -std=gnu11 -D_GNU_SOURCE -DPMD_VERSION='"lint"' -Ilib $(DEP_CFLAGS)

$(B)/tidy/%.ok: %.c $(LIB_HDR) .clang-tidy
	@mkdir -p $(dir $@)
	@scripts/tidy.sh $< $@ $(TIDY_FLAGS)

lint:
	@$(MAKE) --no-print-directory -j$$(nproc) $(TIDY_OK)
	@scripts/lint.sh

# ---- installation ----

install: all
	install -d $(DESTDIR)$(BINDIR)
	install -m 755 $(TOOLS) $(DESTDIR)$(BINDIR)
	install -d $(DESTDIR)$(PKGLIBDIR)
	install -m 644 $(VCLOCK) $(DESTDIR)$(PKGLIBDIR)
	for m in $(MANS); do \
		s=$${m##*.}; install -d $(DESTDIR)$(MANDIR)/man$$s; \
		sed 's/@VERSION@/$(VERSION)/g' $$m > $(DESTDIR)$(MANDIR)/man$$s/$${m##*/}; \
		chmod 644 $(DESTDIR)$(MANDIR)/man$$s/$${m##*/}; \
	done
	@$(MAKE) --no-print-directory install-units

# pmdiag-report.service runs $(BINDIR)/pmdiag-report (the path without DESTDIR); enable
# with: systemctl enable --now pmdiag-report.timer
UNITS := contrib/systemd/pmdiag-report.service.in contrib/systemd/pmdiag-report.timer
install-units:
	install -d $(DESTDIR)$(UNITDIR)
	sed 's|@BINDIR@|$(BINDIR)|g' contrib/systemd/pmdiag-report.service.in \
		> $(DESTDIR)$(UNITDIR)/pmdiag-report.service
	chmod 644 $(DESTDIR)$(UNITDIR)/pmdiag-report.service
	install -m 644 contrib/systemd/pmdiag-report.timer $(DESTDIR)$(UNITDIR)

uninstall:
	rm -f $(addprefix $(DESTDIR)$(BINDIR)/,$(notdir $(TOOLS)))
	rm -f $(DESTDIR)$(PKGLIBDIR)/aml-vclock.so
	-rmdir $(DESTDIR)$(PKGLIBDIR)
	for m in $(MANS); do s=$${m##*.}; rm -f $(DESTDIR)$(MANDIR)/man$$s/$${m##*/}; done
	rm -f $(DESTDIR)$(UNITDIR)/pmdiag-report.service $(DESTDIR)$(UNITDIR)/pmdiag-report.timer

# ---- release artifacts ----
# make dist: the source tarball of HEAD (scripts/dist.sh); make deb: the Debian package,
# built from that tarball with dpkg-buildpackage in $(B)/deb; make release: the tarball,
# the package, the boot image and the USB stick image, with SHA256SUMS, in $(B)/release.
DIST := $(B)/pmdiag-$(VERSION).tar.xz
DEB := $(B)/deb/pmdiag_$(VERSION)_amd64.deb
.PHONY: dist deb release check-package check-repro
dist:
	@scripts/dist.sh $(VERSION) $(DIST)

deb: dist
	rm -rf $(B)/deb
	mkdir -p $(B)/deb
	tar -xJf $(DIST) -C $(B)/deb
	cd $(B)/deb/pmdiag-$(VERSION) && dpkg-buildpackage -us -uc -b -jauto > ../build.log 2>&1 || \
		{ tail -n 30 ../build.log; exit 1; }
	@echo "deb: $(DEB)"

release: deb initramfs usb-image
	rm -rf $(B)/release
	mkdir -p $(B)/release
	cp $(DIST) $(DEB) $(INITRD) $(USB_IMAGE) $(B)/release/
	cd $(B)/release && sha256sum -- * > SHA256SUMS && cat SHA256SUMS

# The package tests. check-repro: make release in two clones of HEAD at two paths, under
# two time zones, locales and umasks, the second without ccache, gives the same bytes
# (tests/package/repro.sh). check-package: that, then the first clone's .deb (built from
# make dist of HEAD, as make deb builds it) installed into a clean Debian 12 root
# (debootstrap, cached), used, purged (tests/package/run.sh).
check-repro:
	tests/package/repro.sh

check-package:
	@rc=0; tests/package/repro.sh --out $(B)/package || rc=1; \
	tests/package/run.sh $(B)/package/pmdiag_$(VERSION)_amd64.deb || rc=1; exit $$rc

clean:
	rm -rf $(B)
