#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Install the Debian packages pmdiag needs, by purpose. Idempotent and silent when
# everything is present; the Makefile calls it with the purposes of each target.
#   scripts/deps.sh [PURPOSE...]          install what is missing (needs root); default: report
#   scripts/deps.sh --check [PURPOSE...]  only say what is missing (exit 1 if anything is)
#   scripts/deps.sh --list PURPOSE        print that purpose's packages, one line
# PURPOSE:
#   report   build pmdiag and run it on this machine (make, make report): the compiler,
#            headers and libraries, and the programs the tools run (acpiexec, lspci,
#            rdmsr, tar, xz). Never a kernel, a firmware image, a server or a compiler
#            runtime.
#   check    the tests (make check): Bats, jq, the fuzzers' clang and its runtime, lint,
#            valgrind, strace, Prometheus and node_exporter for the fleet tests, and the
#            package tests' debootstrap, debhelper and lintian
#   image    the boot image and the QEMU tests (make initramfs, usb-image, check-qemu):
#            a kernel and busybox for the image, QEMU, OVMF, syslinux, the signed boot chain
# make check installs all three; a non-root user gets the one apt-get line to run.
set -eu

report="gcc make pkg-config libc6-dev libpci-dev libcpuid-dev libnl-genl-3-dev libarchive-dev"
report="$report libtracefs-dev libtraceevent-dev acpica-tools msr-tools pciutils xz-utils tar gzip"
check="bats bats-assert bats-support jq clang libclang-rt-14-dev mandoc time bzip2 cppcheck"
check="$check clang-tidy valgrind strace python3 util-linux prometheus prometheus-node-exporter curl"
check="$check debootstrap debhelper dpkg-dev lintian fakeroot ccache locales"
image="qemu-system-x86 linux-image-amd64 busybox-static cpio kmod zstd syslinux syslinux-common"
image="$image mtools dosfstools fdisk shim-signed grub-efi-amd64-signed sbsigntool ovmf"

why() {
	case "$1" in
	report) echo "to build pmdiag and run it" ;;
	check) echo "to run the tests" ;;
	image) echo "to build and boot the diagnostic image" ;;
	esac
}

pkgs() {
	case "$1" in
	report) echo "$report" ;;
	check) echo "$check" ;;
	image) echo "$image" ;;
	*) echo "deps.sh: unknown purpose '$1' (report, check, image)" >&2; exit 2 ;;
	esac
}

mode=install
case "${1:-}" in
--list)
	[ $# -eq 2 ] || { echo "usage: deps.sh --list report|check|image" >&2; exit 2; }
	pkgs "$2"
	exit 0
	;;
--check) mode=check; shift ;;
esac
[ $# -gt 0 ] || set -- report

rc=0
for purpose in "$@"; do
	missing=""
	for p in $(pkgs "$purpose"); do
		if ! dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$'; then
			missing="$missing $p"
		fi
	done
	[ -z "$missing" ] && continue
	if [ "$mode" = check ]; then
		echo "deps.sh: missing $(why "$purpose"):$missing" >&2
		rc=1
		continue
	fi
	if [ "$(id -u)" != 0 ]; then
		echo "deps.sh: missing $(why "$purpose"); as root, run:" >&2
		echo "  apt-get install --no-install-recommends$missing" >&2
		exit 1
	fi
	echo "deps.sh: installing $(why "$purpose"):$missing" >&2
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
done
exit $rc
