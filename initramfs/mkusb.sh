#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Build pmdiag's USB stick image (see pmdiag-initrd(7)): a raw disk with an MBR (syslinux
# mbr.bin) and one active FAT partition at 1 MiB labelled PMDIAG holding syslinux for BIOS
# (ldlinux.sys, installed with syslinux --offset), for UEFI with or without Secure Boot
# Debian's signed chain (when shim-signed and grub-efi-amd64-signed are installed): shim,
# signed by Microsoft, as \EFI\BOOT\BOOTX64.EFI, GRUB, signed by Debian, as
# \EFI\BOOT\grubx64.efi, and its grub.cfg in \EFI\debian\ (the prefix built into it)
# made from syslinux.cfg by grubcfg.sh; then the kernel (Debian's, signed as shipped), the
# initramfs (never verified) and an empty pmdiag/ folder where the boot image saves its
# reports. No key of ours: shim trusts Debian's CA, GRUB asks shim to check the kernel.
#
#   initramfs/mkusb.sh --kernel VMLINUZ --initrd INITRD --out IMG [--size-mb N]
#                      [--append "KERNEL OPTIONS"] [--timeout TENTHS]
#
# No root, no loop devices: mkfs.vfat on a partition image, mtools, then splice.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
kernel=""
initrd=""
out=""
size_mb=64
append=""
timeout=""
shim=/usr/lib/shim/shimx64.efi.signed
grub=/usr/lib/grub/x86_64-efi-signed/grubx64.efi.signed
version=$("$here/../scripts/version.sh" 2>/dev/null || true)

usage() {
	sed -n '3,15s/^# \{0,1\}//p' "$0" >&2
	exit 1
}
die() { echo "mkusb.sh: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
	case "$1" in
	--kernel) kernel="$2"; shift 2 ;;
	--initrd) initrd="$2"; shift 2 ;;
	--out) out="$2"; shift 2 ;;
	--size-mb) size_mb="$2"; shift 2 ;;
	--append) append="$2"; shift 2 ;;
	--timeout) timeout="$2"; shift 2 ;;
	-h|--help) usage ;;
	*) echo "mkusb.sh: unknown option $1" >&2; usage ;;
	esac
done
[ -n "$kernel" ] && [ -n "$initrd" ] && [ -n "$out" ] || usage
[ -r "$kernel" ] || die "$kernel: cannot read (run as root? linux-image-amd64 installs it 0600)"
[ -r "$initrd" ] || die "$initrd: no such file (make initramfs)"
for p in mkfs.vfat mcopy mmd syslinux sfdisk; do
	PATH="$PATH:/usr/sbin:/sbin" command -v $p >/dev/null ||
		die "$p not found (dosfstools, mtools, syslinux, fdisk)"
done
mbr=""
for f in /usr/lib/SYSLINUX/mbr.bin /usr/lib/syslinux/mbr/mbr.bin; do
	[ -f "$f" ] && { mbr=$f; break; }
done
[ -n "$mbr" ] || die "no syslinux mbr.bin (apt-get install syslinux-common)"
kver=$(basename "$kernel")
kver=${kver#vmlinuz-}

uefi=no
if [ -f "$shim" ] && [ -f "$grub" ]; then
	uefi="yes (shim + GRUB, Secure Boot)"
	efi_bytes=$(( $(wc -c < "$shim") + $(wc -c < "$grub") ))
	if command -v sbverify >/dev/null && ! sbverify --list "$kernel" 2>/dev/null | grep -q '^signature 1'; then
		echo "mkusb.sh: note: $kernel carries no signature: machines with Secure Boot on will refuse it" >&2
	fi
else
	echo "mkusb.sh: note: no $shim or $grub (apt-get install shim-signed grub-efi-amd64-signed): BIOS boot only" >&2
	efi_bytes=0
fi

need=$(( ($(wc -c < "$kernel") + $(wc -c < "$initrd") + efi_bytes) / 1048576 + 4 ))
[ "$size_mb" -ge $((need + 2)) ] || die "--size-mb $size_mb: the kernel, the initramfs and the boot loaders need $need MiB"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pmdiag-usb.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
img="$tmp/disk.img"
part="$tmp/part.img"
start=2048                                    # sectors: the partition starts at 1 MiB
sectors=$((size_mb * 2048 - start))
export MTOOLS_SKIP_CHECK=1 MTOOLS_NO_VFAT=0
# FAT records local time: mtools (and syslinux, through it) date every file
# SOURCE_DATE_EPOCH, or now, in UTC, so that the image is the same in every time zone
export TZ=UTC

# The partition: FAT with label PMDIAG, the BPB saying it starts at sector 2048. The
# volume id is fixed (or from SOURCE_DATE_EPOCH) so the same inputs give the same image.
truncate -s $((sectors * 512)) "$part"
volid=$(printf '%08x' "${SOURCE_DATE_EPOCH:-0x504d4447}")
PATH="$PATH:/usr/sbin:/sbin" mkfs.vfat -n PMDIAG -h $start --invariant "$part" >/dev/null 2>&1 ||
	PATH="$PATH:/usr/sbin:/sbin" mkfs.vfat -n PMDIAG -i "$volid" -h $start "$part" >/dev/null

sed -e "s|@APPEND@|$append|" -e "s|@KVER@|$kver|" -e "s|@VERSION@|${version:-?}|" \
	"$here/syslinux.cfg.in" | sed 's/ *$//' > "$tmp/syslinux.cfg"
if [ -n "$timeout" ]; then
	sed -i "s/^TIMEOUT .*/TIMEOUT $timeout/" "$tmp/syslinux.cfg"
fi
mcopy -i "$part" "$kernel" ::/vmlinuz
mcopy -i "$part" "$initrd" ::/initrd.img
mcopy -i "$part" "$tmp/syslinux.cfg" ::/syslinux.cfg
mcopy -i "$part" "$here/README-stick.txt" ::/README.txt
mmd -i "$part" ::/pmdiag
if [ "$uefi" != no ]; then
	# The removable-media path: firmware starts \EFI\BOOT\BOOTX64.EFI (shim), shim starts
	# grubx64.efi from its own folder (no fbx64.efi: no boot entry is written; no
	# mmx64.efi: no MOK), and GRUB reads grub.cfg under its built-in prefix /EFI/debian.
	"$here/grubcfg.sh" "$tmp/syslinux.cfg" > "$tmp/grub.cfg"
	mmd -i "$part" ::/EFI ::/EFI/BOOT ::/EFI/debian
	mcopy -i "$part" "$shim" ::/EFI/BOOT/BOOTX64.EFI
	mcopy -i "$part" "$grub" ::/EFI/BOOT/grubx64.efi
	mcopy -i "$part" "$tmp/grub.cfg" ::/EFI/debian/grub.cfg
fi

# The disk: MBR partition table (one active FAT16/32 LBA partition), the partition, then
# syslinux's boot sector and ldlinux.sys through --offset, and its MBR boot code.
truncate -s $((size_mb * 1048576)) "$img"
if [ $((sectors / 2048)) -ge 512 ]; then ptype=c; else ptype=e; fi
# the disk identifier too is the volume id: sfdisk would pick a random one
printf 'label: dos\nlabel-id: 0x%s\n%s,%s,%s,*\n' "$volid" "$start" "$sectors" "$ptype" |
	sfdisk --quiet "$img" >/dev/null
dd if="$part" of="$img" bs=1M seek=1 conv=notrunc,sparse status=none
syslinux --install --offset $((start * 512)) "$img"
dd if="$mbr" of="$img" bs=440 count=1 conv=notrunc status=none

mkdir -p "$(dirname "$out")"
mv "$img" "$out"
echo "mkusb.sh: $out: $size_mb MiB, FAT partition PMDIAG at 1 MiB, BIOS (syslinux), UEFI: $uefi," \
	"kernel $kver" >&2
