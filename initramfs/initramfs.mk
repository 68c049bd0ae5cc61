# SPDX-License-Identifier: GPL-2.0-or-later
# The diagnostic boot image and its QEMU end-to-end tests (included by the top Makefile).
#
#   make initramfs      build/pmdiag-initrd.img for KVER (default: the newest kernel in /boot)
#   make test-initramfs build/pmdiag-initrd-test.img: that image and the QEMU tests' programs
#   make usb-image      build/pmdiag-usb.img: MBR + FAT partition PMDIAG, syslinux (BIOS),
#                       shim + GRUB (UEFI, Secure Boot), the kernel and the initramfs; dd it
#   make check-qemu     boot the image on the QEMU machines of tests/qemu/ and check each
#                       report (software emulation: a few minutes)
#   make dumps          record those machines into tests/dumps/qemu-<machine>/
#   make bench-qemu     image size and time from QEMU start to the report; the trace's
#                       observer effect on an idle guest (tests/bench/trace-qemu.sh)
#
#   KVER=6.1.0-57-amd64       kernel (its /boot/vmlinuz-KVER and /lib/modules/KVER)
#   INITRD_COMPRESS=zstd      zstd, gzip or xz
#   USB_IMAGE_MB=64           size of the USB image
#   QEMU_TIMEOUT=600          seconds one QEMU boot may take before it counts as failed (a
#                             hung guest; a busy host slows the boots several times)
#   QEMU_JOBS=2               QEMU boots run at once by check-qemu and dumps

KVER ?= $(shell ls /boot/vmlinuz-* 2>/dev/null | sed 's|^/boot/vmlinuz-||' | sort -V | tail -n 1)
INITRD_COMPRESS ?= zstd
USB_IMAGE_MB ?= 64
QEMU_TIMEOUT ?= 600
QEMU_JOBS ?= 2

INITRD := $(B)/pmdiag-initrd.img
# the image of the QEMU tests: INITRD plus the test programs and the trace test's guest
# side (tests/qemu/mktestinitrd.sh); never in the user's image
TEST_INITRD := $(B)/pmdiag-initrd-test.img
TEST_PROGS := $(patsubst tests/qemu/progs/%.c,$(B)/tests/qemu/progs/%,$(wildcard tests/qemu/progs/*.c))
USB_IMAGE := $(B)/pmdiag-usb.img
INITRD_SRC := initramfs/init initramfs/thermaltest.sh initramfs/mkinitrd.sh initramfs/initramfs.mk
USB_SRC := initramfs/mkusb.sh initramfs/grubcfg.sh initramfs/syslinux.cfg.in initramfs/README-stick.txt

export KVER QEMU_TIMEOUT QEMU_JOBS

.PHONY: initramfs usb-image check-qemu dumps bench-qemu initramfs-force test-initramfs

test-initramfs: $(TEST_INITRD)

initramfs: $(INITRD)
usb-image: $(USB_IMAGE)

# Rebuilt when the kernel chosen changes, too.
$(B)/initramfs/kver: initramfs-force
	@[ -n "$(KVER)" ] || { echo "initramfs: no kernel in /boot (apt-get install linux-image-amd64, or KVER=)" >&2; exit 1; }
	@mkdir -p $(dir $@)
	@echo "$(KVER) $(INITRD_COMPRESS)" | cmp -s - $@ 2>/dev/null || echo "$(KVER) $(INITRD_COMPRESS)" > $@

$(INITRD): $(INITRD_SRC) $(TOOLS) $(VCLOCK) $(B)/initramfs/kver | deps-image
	initramfs/mkinitrd.sh --kver $(KVER) --bin $(B)/bin --out $@ --compress $(INITRD_COMPRESS)

# static: the test image has the C library only as the tools need it
$(B)/tests/qemu/progs/%: tests/qemu/progs/%.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -Wall -Wextra -static -o $@ $<

$(TEST_INITRD): $(INITRD) $(TEST_PROGS) tests/qemu/tracetest.sh tests/qemu/mktestinitrd.sh
	tests/qemu/mktestinitrd.sh --initrd $(INITRD) --out $@ $(TEST_PROGS)

$(USB_IMAGE): $(INITRD) $(USB_SRC) $(B)/initramfs/kver
	initramfs/mkusb.sh --kernel /boot/vmlinuz-$(KVER) --initrd $(INITRD) --out $@ --size-mb $(USB_IMAGE_MB)

check-qemu: $(INITRD) $(USB_IMAGE) $(TEST_INITRD)
	tests/run-bats.sh tests/qemu

dumps: $(INITRD)
	initramfs/dumps.sh --kernel /boot/vmlinuz-$(KVER) --initrd $(INITRD) --out tests/dumps

bench-qemu: $(INITRD) $(TEST_INITRD)
	initramfs/bench.sh --kernel /boot/vmlinuz-$(KVER) --initrd $(INITRD)
	QEMU_TEST_INITRD=$(CURDIR)/$(TEST_INITRD) tests/bench/trace-qemu.sh

initramfs-force:
