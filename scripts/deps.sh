#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Install the Debian packages pmdiag needs to build, run and test. Idempotent and
# silent when everything is present; `make report` and `make check` call it.
#   scripts/deps.sh            install what is missing (needs root)
#   scripts/deps.sh --check    only say what is missing (exit 1 if anything is)
#   scripts/deps.sh --list     print the package list
set -eu

# build
PKGS="gcc make pkg-config libc6-dev libpci-dev libcpuid-dev libnl-genl-3-dev libarchive-dev"
# kernel trace events: tracefs instances and the kernel's event formats (as trace-cmd, rtla)
PKGS="$PKGS libtracefs-dev libtraceevent-dev"
# run: ACPI tools, msr-tools, pciutils (lspci reads our dumps too), archives
PKGS="$PKGS acpica-tools msr-tools pciutils xz-utils tar gzip"
# test: Bats and its helpers, jq, libFuzzer (clang + compiler-rt), man page lint
PKGS="$PKGS bats bats-assert bats-support jq clang libclang-rt-14-dev mandoc time bzip2"
# static analysis (make lint), memcheck (make check-valgrind), syscall traces and the
# generators of test inputs
PKGS="$PKGS cppcheck clang-tidy valgrind strace python3 util-linux"
# Prometheus: promtool (prometheus) checks the metrics and the alerting rules, node_exporter
# (prometheus-node-exporter) serves the textfile in tests/bats/fleet.bats
PKGS="$PKGS prometheus prometheus-node-exporter curl"
# boot image and QEMU end-to-end tests: kernel, busybox, syslinux (BIOS), FAT tools, the
# UEFI Secure Boot chain from Debian's signed binaries (shim signed by Microsoft, GRUB
# signed by Debian), sbverify (sbsigntool) to check their signatures, OVMF (UEFI firmware,
# with Secure Boot and Microsoft's keys)
PKGS="$PKGS qemu-system-x86 linux-image-amd64 busybox-static cpio kmod zstd syslinux"
PKGS="$PKGS syslinux-common mtools dosfstools fdisk shim-signed grub-efi-amd64-signed"
PKGS="$PKGS sbsigntool ovmf"

case "${1:-}" in
--list) echo $PKGS; exit 0 ;;
esac

missing=""
for p in $PKGS; do
	if ! dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$'; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0

if [ "${1:-}" = "--check" ]; then
	echo "deps.sh: missing Debian packages:$missing" >&2
	exit 1
fi
if [ "$(id -u)" != 0 ]; then
	echo "deps.sh: missing Debian packages:$missing" >&2
	echo "deps.sh: run as root, or: sudo apt-get install$missing" >&2
	exit 1
fi

echo "deps.sh: installing:$missing" >&2
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086
if ! apt-get install -y -q --no-install-recommends $missing >/tmp/pmdiag-deps.log 2>&1; then
	apt-get update -q >>/tmp/pmdiag-deps.log 2>&1 || true
	# shellcheck disable=SC2086
	if ! apt-get install -y -q --no-install-recommends $missing >>/tmp/pmdiag-deps.log 2>&1; then
		echo "deps.sh: apt-get install failed; see /tmp/pmdiag-deps.log" >&2
		tail -n 5 /tmp/pmdiag-deps.log >&2
		exit 1
	fi
fi
