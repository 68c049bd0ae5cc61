#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Build pmdiag's diagnostic initramfs (see pmdiag-initrd(7)): busybox, the pmdiag tools,
# rdmsr/wrmsr, acpidump/acpixtract, acpiexec (pmdiag-thermal and pmdiag-pstate evaluate
# AML with it), GNU tar + xz (/init packs the dump with them), the
# shared libraries all of these need (resolved with ldd) and the kernel modules the
# tools and the USB stick need, with their dependencies taken from the kernel's
# modules.dep (modprobe --show-depends), then depmod on the copied tree.
#
#   initramfs/mkinitrd.sh --kver KVER --bin DIR --out FILE [--modules "m1 m2..."]
#                         [--compress zstd|gzip|xz] [--init FILE] [--sysroot DIR]
#
# Runs as any user; no root, no loop devices. The same inputs give the same bytes under
# any umask (the modes in the archive are this script's) and any path (tests/package/repro.sh).
set -eu
umask 022

here=$(cd "$(dirname "$0")" && pwd)
kver=""
bindir=""
out=""
compress=zstd
init="$here/init"
sysroot=""
# What the tools need (msr, cpuid), what the stick needs (USB host controllers, USB
# storage, SCSI disks, FAT and its code pages), a keyboard on a USB port for the shell,
# and the drivers a distribution's udev would load for power management (fan, cpufreq,
# temperature sensors, Intel's int340x thermal zones, RAPL through powercap): /init loads
# those by modalias, only where the hardware is there.
modules="msr cpuid efivarfs
	ehci-pci ehci-hcd xhci-pci xhci-hcd uhci-hcd ohci-pci ohci-hcd
	usb-storage uas sd_mod scsi_mod
	vfat fat nls_cp437 nls_iso8859-1 nls_utf8 nls_ascii
	usbhid hid-generic
	fan acpi-cpufreq pcc-cpufreq coretemp k10temp x86_pkg_temp_thermal intel_rapl_msr
	int3400_thermal int3403_thermal processor_thermal_device_pci
	processor_thermal_device_pci_legacy"

usage() {
	sed -n '3,12s/^# \{0,1\}//p' "$0" >&2
	exit 1
}

while [ $# -gt 0 ]; do
	case "$1" in
	--kver) kver="$2"; shift 2 ;;
	--bin) bindir="$2"; shift 2 ;;
	--out) out="$2"; shift 2 ;;
	--modules) modules="$2"; shift 2 ;;
	--compress) compress="$2"; shift 2 ;;
	--init) init="$2"; shift 2 ;;
	--sysroot) sysroot="${2%/}"; shift 2 ;;
	-h|--help) usage ;;
	*) echo "mkinitrd.sh: unknown option $1" >&2; usage ;;
	esac
done
[ -n "$kver" ] && [ -n "$bindir" ] && [ -n "$out" ] || usage
moddir="$sysroot/lib/modules"

die() { echo "mkinitrd.sh: $*" >&2; exit 1; }

[ -d "$moddir/$kver" ] || die "no modules for kernel $kver in $moddir/$kver (KVER=, or install linux-image-amd64)"
[ -f "$init" ] || die "$init: no such file"
busybox=$(command -v busybox || true)
[ -n "$busybox" ] || die "busybox not found (apt-get install busybox-static)"
if ldd "$busybox" >/dev/null 2>&1; then
	die "$busybox is not static (apt-get install busybox-static)"
fi
case "$compress" in
zstd) zcmd="zstd -q -19 -T0 -c" ;;
gzip) zcmd="gzip -9 -n -c" ;;
xz) zcmd="xz -9 --check=crc32 -T0 -c" ;;
*) die "--compress: zstd, gzip or xz" ;;
esac
command -v "${zcmd%% *}" >/dev/null || die "${zcmd%% *} not found"
command -v cpio >/dev/null || die "cpio not found (apt-get install cpio)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pmdiag-initrd.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
root="$tmp/root"
mkdir -p "$root"
for d in bin sbin usr/bin usr/sbin lib lib64 lib/x86_64-linux-gnu etc proc sys dev tmp \
	run mnt/stick root var/log; do
	mkdir -p "$root/$d"
done

# copy_bin FILE: the binary into /usr/bin (or /usr/sbin), with the shared libraries and
# the dynamic loader it needs, at the paths ldd names.
copy_bin() {
	f="$1"
	dest="$root/usr/bin/$(basename "$f")"
	case "$f" in */sbin/*) dest="$root/usr/sbin/$(basename "$f")" ;; esac
	cp -L "$f" "$dest"
	chmod 755 "$dest"
	# "libx.so => /path (0x...)", "/lib64/ld-linux-x86-64.so.2 (0x...)"; vdso has no path
	ldd "$f" 2>/dev/null | sed -n 's/.*=> \(\/[^ ]*\) .*/\1/p; s/^[[:space:]]*\(\/[^ ]*\) (.*/\1/p' |
	while read -r lib; do
		[ -e "$root$lib" ] && continue
		mkdir -p "$root$(dirname "$lib")"
		cp -L "$lib" "$root$lib"
	done
}

# The pmdiag tools: every build/bin/pmdiag-*, without their debugging symbols (2.4 MB
# each with them, a third of that without).
command -v strip >/dev/null || die "strip not found (apt-get install binutils)"
n=0
for t in "$bindir"/pmdiag-*; do
	[ -x "$t" ] || continue
	copy_bin "$t"
	strip --strip-unneeded "$root/usr/bin/$(basename "$t")"
	n=$((n + 1))
done
[ "$n" -gt 0 ] || die "no pmdiag tools in $bindir (make all first)"
# acpiexec's virtual clock, where the tools look for it (/usr/bin/../lib/pmdiag)
[ -f "$bindir/../lib/pmdiag/aml-vclock.so" ] || die "no $bindir/../lib/pmdiag/aml-vclock.so (make all first)"
mkdir -p "$root/usr/lib/pmdiag"
cp "$bindir/../lib/pmdiag/aml-vclock.so" "$root/usr/lib/pmdiag/"
chmod 755 "$root/usr/lib/pmdiag/aml-vclock.so"
strip --strip-unneeded "$root/usr/lib/pmdiag/aml-vclock.so"

# Required helpers, then optional ones.
for p in rdmsr wrmsr acpidump acpixtract acpiexec tar xz dash; do
	f=$(PATH="/usr/sbin:/usr/bin:/sbin:/bin:$PATH" command -v "$p" || true)
	[ -n "$f" ] || die "$p not found (msr-tools, acpica-tools, tar, xz-utils)"
	copy_bin "$f"
done
if [ "$(tar --version 2>/dev/null | head -1 | cut -d' ' -f2)" != "(GNU" ]; then
	die "tar is not GNU tar (/init archives the dump with tar -J, which runs xz)"
fi

# busybox, and a link for every applet that no copied binary replaces.
cp "$busybox" "$root/bin/busybox"
chmod 755 "$root/bin/busybox"
"$busybox" --list-full | while read -r a; do
	name=$(basename "$a")
	[ -e "$root/usr/bin/$name" ] || [ -e "$root/usr/sbin/$name" ] && continue
	[ -e "$root/$a" ] || [ -L "$root/$a" ] && continue
	mkdir -p "$root/$(dirname "$a")"
	ln -s /bin/busybox "$root/$a"
done
[ -L "$root/sbin/modprobe" ] || die "busybox has no modprobe applet"
# Debian's busybox shell runs its own applet for any name it has, before PATH: GNU tar's
# "/bin/sh -c xz" would get busybox's xz, which cannot compress. So /bin/sh is dash;
# /init and the interactive shell are busybox's ash.
rm -f "$root/bin/sh"
ln -s /usr/bin/dash "$root/bin/sh"

# Kernel modules: every module above and its dependencies (as modules.dep says;
# "builtin" lines need nothing), then modules.dep for the copied tree.
kdst="$root/lib/modules/$kver"
mkdir -p "$kdst"
missing=""
for m in $modules; do
	if ! deps=$(modprobe -d "${sysroot:-/}" -S "$kver" --show-depends "$m" 2>/dev/null); then
		missing="$missing $m"
		continue
	fi
	echo "$deps" | while read -r verb path _; do
		[ "$verb" = insmod ] || continue
		path=$(echo "$path" | sed 's|//*|/|g')
		rel=${path#"$moddir/$kver/"}
		[ -e "$kdst/$rel" ] && continue
		mkdir -p "$kdst/$(dirname "$rel")"
		cp "$path" "$kdst/$rel"
	done
done
[ -z "$missing" ] || echo "mkinitrd.sh: note: kernel $kver has no module:$missing" >&2
for f in modules.order modules.builtin modules.builtin.modinfo; do
	[ -f "$moddir/$kver/$f" ] && cp "$moddir/$kver/$f" "$kdst/"
done
depmod -b "$tmp/root" "$kver" || die "depmod -b failed"
# busybox modprobe reads the text files; the binary indexes only take room.
rm -f "$kdst"/modules.*.bin

# /init, the guest side of the QEMU tests (pmdiag.thermaltest=1) and a few files for
# the shell.
cp "$init" "$root/init"
chmod 755 "$root/init"
mkdir -p "$root/usr/share/pmdiag"
cp "$here/thermaltest.sh" "$root/usr/share/pmdiag/thermaltest.sh"
chmod 755 "$root/usr/share/pmdiag/thermaltest.sh"
echo "root:x:0:0:root:/root:/bin/sh" > "$root/etc/passwd"
echo "root:x:0:" > "$root/etc/group"
cat > "$root/etc/profile" <<'EOF'
export PATH=/usr/bin:/usr/sbin:/bin:/sbin HOME=/root
export PS1='pmdiag:\w# '
EOF
version=$("$bindir/pmdiag-report" --version 2>/dev/null | awk '{ print $NF; exit }')
printf 'pmdiag-initrd %s\n' "${version:-unknown}" > "$root/etc/pmdiag-release"

# A reproducible archive: fixed times, sorted names, owner root.
epoch=${SOURCE_DATE_EPOCH:-0}
find "$root" -exec touch -h -d "@$epoch" {} +
mkdir -p "$(dirname "$out")"
(cd "$root" && find . -mindepth 1 | LC_ALL=C sort |
	cpio -o -H newc -R 0:0 --reproducible --quiet) > "$tmp/initrd.cpio"
$zcmd "$tmp/initrd.cpio" > "$out.tmp"
mv "$out.tmp" "$out"
echo "mkinitrd.sh: $out: kernel $kver, $n pmdiag tools, $(find "$kdst" -name '*.ko' | wc -l) modules," \
	"$(wc -c < "$tmp/initrd.cpio") bytes, $(wc -c < "$out") compressed ($compress)" >&2
