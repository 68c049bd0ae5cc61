#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The test image of make check-qemu: the diagnostic initramfs followed by a second,
# small cpio archive holding what only the QEMU tests need (the kernel unpacks
# concatenated archives in order): the test programs in /usr/libexec/pmdiag-test/ and
# the guest side of the trace tests, /usr/share/pmdiag/tracetest.sh. The user's image
# (make initramfs, make usb-image) has none of it.
#
#   tests/qemu/mktestinitrd.sh --initrd IMG --out FILE PROGRAM...
set -eu
here=$(cd "$(dirname "$0")" && pwd)
initrd=""
out=""
while [ $# -gt 0 ]; do
	case "$1" in
	--initrd) initrd="$2"; shift 2 ;;
	--out) out="$2"; shift 2 ;;
	--) shift; break ;;
	-*) echo "mktestinitrd.sh: unknown option $1" >&2; exit 1 ;;
	*) break ;;
	esac
done
[ -s "$initrd" ] && [ -n "$out" ] || { echo "mktestinitrd.sh: --initrd IMG --out FILE PROGRAM..." >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pmdiag-testinitrd.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/root/usr/libexec/pmdiag-test" "$tmp/root/usr/share/pmdiag"
for p in "$@"; do
	install -m 755 "$p" "$tmp/root/usr/libexec/pmdiag-test/"
done
install -m 755 "$here/tracetest.sh" "$tmp/root/usr/share/pmdiag/tracetest.sh"
find "$tmp/root" -exec touch -h -d "@${SOURCE_DATE_EPOCH:-0}" {} +
(cd "$tmp/root" && find . -mindepth 1 | LC_ALL=C sort |
	cpio -o -H newc -R 0:0 --reproducible --quiet) | zstd -q -19 -c > "$tmp/extra.zst"
cat "$initrd" "$tmp/extra.zst" > "$out.tmp"
mv "$out.tmp" "$out"
