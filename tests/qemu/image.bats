#!/usr/bin/env bats
# What build/pmdiag-initrd.img holds, without booting it: the tools, their shared
# libraries, the modules with their dependencies, a /init that parses.
load helper

R="$LOGS/image/root"

setup_file() {
	[ -s "$QEMU_INITRD" ] || { echo "no $QEMU_INITRD (make initramfs)" >&2; return 1; }
	rm -rf "$LOGS/image"
	mkdir -p "$R"
	zstd -q -dc "$QEMU_INITRD" > "$LOGS/image/initrd.cpio"
	(cd "$R" && cpio -id --quiet --no-absolute-filenames < "$LOGS/image/initrd.cpio")
}

@test "a zstd-compressed newc cpio that the kernel can unpack, owned by root, no device nodes" {
	run -0 od -An -tx1 -N4 "$QEMU_INITRD"
	assert_output " 28 b5 2f fd"
	grep -qx 'CONFIG_RD_ZSTD=y' "/boot/config-$KVER" || fail "kernel $KVER cannot unpack a zstd initramfs"
	run -0 head -c 6 "$LOGS/image/initrd.cpio"
	assert_output 070701
	run -0 cpio -tv --quiet < "$LOGS/image/initrd.cpio"
	refute_line --regexp '^[bc]'
	run -0 awk '$3 != "root" || $4 != "root"' <(cpio -tv --quiet < "$LOGS/image/initrd.cpio")
	assert_output ""
}

@test "/init is a busybox shell script that parses; /bin/sh is dash, modprobe is busybox" {
	[ -x "$R/init" ] || fail "no executable /init"
	assert_equal "$(head -n 1 "$R/init")" "#!/bin/busybox sh"
	cmp "$R/init" "$TOP/initramfs/init"
	run -0 busybox sh -n "$R/init"
	# The guest side of the live thermal test (pmdiag.thermaltest=1).
	local t="$R/usr/share/pmdiag/thermaltest.sh"
	[ -x "$t" ] || fail "no executable /usr/share/pmdiag/thermaltest.sh"
	cmp "$t" "$TOP/initramfs/thermaltest.sh"
	assert_equal "$(head -n 1 "$t")" "#!/bin/busybox sh"
	run -0 busybox sh -n "$t"
	assert_equal "$(readlink "$R/bin/sh")" /usr/bin/dash
	assert_equal "$(readlink "$R/sbin/modprobe")" /bin/busybox
	run ldd "$R/bin/busybox"
	[ "$status" -ne 0 ] || assert_output --partial "not a dynamic executable"
}

@test "every pmdiag tool of build/bin, and rdmsr, wrmsr, acpidump, acpixtract, acpiexec, GNU tar, xz" {
	local t n=0
	for t in "$TOP"/build/bin/pmdiag-*; do
		strip --strip-unneeded -o "$BATS_TEST_TMPDIR/s" "$t"
		cmp "$BATS_TEST_TMPDIR/s" "$R/usr/bin/$(basename "$t")" || fail "$(basename "$t") missing or stale in the image"
		n=$((n + 1))
	done
	[ "$n" -ge 2 ]
	for t in usr/sbin/rdmsr usr/sbin/wrmsr usr/bin/acpidump usr/bin/acpixtract usr/bin/acpiexec usr/bin/tar usr/bin/xz; do
		[ -x "$R/$t" ] && [ ! -L "$R/$t" ] || fail "no $t"
	done
}

@test "no libarchive, libxml2 or ICU in the image (GNU tar packs the dump), and the tools without debugging symbols" {
	run find "$R" -name 'libarchive*' -o -name 'libxml2*' -o -name 'libicu*'
	assert_output ""
	local t
	for t in "$R"/usr/bin/pmdiag-* "$R/usr/lib/pmdiag/aml-vclock.so"; do
		run -0 readelf -S "$t"
		refute_output --partial .debug_info
		refute_output --partial .symtab
	done
}

@test "every ELF file finds its interpreter and its shared libraries in the image" {
	local f lib interp missing=""
	while read -r f; do
		head -c 4 "$f" | grep -q ELF || continue
		interp=$(readelf -l "$f" 2> /dev/null | sed -n 's/.*Requesting program interpreter: \(.*\)]/\1/p')
		[ -z "$interp" ] || [ -e "$R$interp" ] || missing="$missing $f:$interp"
		for lib in $(readelf -d "$f" 2> /dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
			[ -e "$R/lib/x86_64-linux-gnu/$lib" ] || [ -e "$R/lib64/$lib" ] ||
				missing="$missing ${f#"$R"}:$lib"
		done
	done < <(find "$R/usr" "$R/bin" "$R/lib" -type f ! -name '*.ko')
	[ -z "$missing" ] || fail "missing:$missing"
}

@test "the modules the tools and the stick need, with every dependency modules.dep names" {
	local dep="$R/lib/modules/$KVER/modules.dep" m f d
	[ -f "$dep" ] || fail "no modules.dep for $KVER"
	for m in msr cpuid usb-storage uas sd_mod ehci-pci ehci-hcd xhci-pci xhci-hcd vfat fat \
		nls_cp437 nls_iso8859-1 usbhid; do
		grep -q "/$m\.ko:" "$dep" || fail "module $m is not in the image"
	done
	while IFS=: read -r f d; do
		for m in $f $d; do
			[ -f "$R/lib/modules/$KVER/$m" ] || fail "$m is in modules.dep but not in the image"
		done
	done < "$dep"
	# The same dependencies as the kernel's own modules.dep.
	run -0 modprobe -S "$KVER" --show-depends usb-storage
	for f in $(echo "$output" | awk '$1 == "insmod" { print $2 }'); do
		[ -f "$R$f" ] || fail "usb-storage needs $f"
	done
}
