#!/usr/bin/env bats
# The USB stick image (make usb-image) under QEMU: a copy of build/pmdiag-usb.img whose
# default boot entry also says pmdiag.poweroff=1 pmdiag.json=1 no_timer_check (see
# qemu_boot in tests/qemu/qemu.bash) boots from an emulated USB stick through SeaBIOS +
# syslinux, through OVMF (UEFI) + shim + GRUB, and through OVMF with Secure Boot enforced
# (Microsoft's keys) + the same signed chain, the kernel then locked down; it leaves its
# report, JSON and dump under pmdiag/<date>-<machine>/ on the FAT partition, read back
# here with mtools; nothing else on the stick changes. Copies
# with one byte changed in GRUB or in the kernel are refused under Secure Boot. A
# write-protected stick and a full one are reported on the console, not fatal.
# Logs: build/qemu/logs/usb/. USB_BOOTS="secure bad-grub bad-kernel" boots only those
# (with bats -f, e.g. -f 'secure boot'): bios ro uefi full secure bad-grub bad-kernel.
load helper

U="$LOGS/usb"
OFF=1048576                       # the FAT partition starts at 1 MiB
OVMF_CODE=/usr/share/OVMF/OVMF_CODE_4M.fd
OVMF_VARS=/usr/share/OVMF/OVMF_VARS_4M.fd
OVMF_SB_CODE=/usr/share/OVMF/OVMF_CODE_4M.secboot.fd   # Secure Boot, SMM
OVMF_SB_VARS=/usr/share/OVMF/OVMF_VARS_4M.ms.fd        # Microsoft's keys enrolled
SHIM=/usr/lib/shim/shimx64.efi.signed
GRUB=/usr/lib/grub/x86_64-efi-signed/grubx64.efi.signed
export MTOOLS_SKIP_CHECK=1

# snapshot IMAGE[@@OFFSET] OUT: every path on the FAT file system (hidden ones too) and
# the MD5 of every file, one per line, sorted.
snapshot() {
	local img="$1" out="$2" tmp
	tmp=$(mktemp -d "$U/snap.XXXXXX")
	mcopy -s -n -i "$img" '::*' "$tmp/" 2> /dev/null
	{
		mdir -/ -a -b -i "$img" ::/ | sed 's|^::||' | grep '/$'
		(cd "$tmp" && find . -type f | sed 's|^\.||' | LC_ALL=C sort |
			while read -r f; do echo "$f $(md5sum < "$tmp$f" | cut -d' ' -f1)"; done)
	} | LC_ALL=C sort > "$out"
	rm -rf "$tmp"
}

# boot_sectors IMAGE: MD5 of the MBR and of the partition's boot sector (whose FAT
# "dirty" flag Linux sets while mounted and clears on a clean unmount).
boot_sectors() {
	echo "mbr $(head -c 512 "$1" | md5sum | cut -d' ' -f1)"
	echo "vbr $(dd if="$1" bs=512 skip=2048 count=1 status=none | md5sum | cut -d' ' -f1)"
}

# stick_args IMAGE CONTROLLER [readonly|boot]: an emulated USB stick on an EHCI or xHCI
# controller, write-protected or the boot device.
stick_args() {
	local ro="" boot=""
	[ "${3:-}" = readonly ] && ro=",readonly=on"
	[ "${3:-}" = boot ] && boot=",bootindex=0"
	case "$2" in
	ehci) echo "-drive file=$1,format=raw,if=none,id=stick$ro -device usb-ehci,id=ehci -device usb-storage,bus=ehci.0,drive=stick$boot" ;;
	xhci) echo "-drive file=$1,format=raw,if=none,id=stick$ro -device qemu-xhci,id=xhci -device usb-storage,bus=xhci.0,drive=stick$boot" ;;
	esac
}

# ovmf_args CODE VARS-COPY: OVMF as the machine's flash; with the Secure Boot build, the
# flash is writable only from SMM (QEMU.md).
ovmf_args() {
	local m="-machine q35"
	[ "$1" = "$OVMF_SB_CODE" ] && m="-machine q35,smm=on -global driver=cfi.pflash01,property=secure,value=on"
	echo "$m -cpu max -drive if=pflash,format=raw,unit=0,readonly=on,file=$1 -drive if=pflash,format=raw,unit=1,file=$2"
}

# flip_byte FILE OFFSET: invert the bits of one byte of FILE.
flip_byte() {
	local b
	b=$(od -An -tu1 -j "$2" -N1 "$1" | tr -d ' ')
	# shellcheck disable=SC2059
	printf "\\$(printf %03o $((b ^ 0xff)))" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none
}

# tamper IMAGE PATH: IMAGE's file PATH with its middle byte (inside the signed sections,
# far from the signature at the end) changed.
tamper() {
	local f="$U/tamper.$$"
	mcopy -n -i "$1@@$OFF" "::$2" "$f"
	flip_byte "$f" $(($(stat -c %s "$f") / 2))
	mcopy -o -i "$1@@$OFF" "$f" "::$2"
	rm -f "$f"
}

# refused_job NAME REGEX QEMU-ARGS...: a boot that must stop, in the background: once the
# serial console shows REGEX (or PMDIAG-DONE), it is given 5 s more to go on, then QEMU is
# stopped. $U/NAME.rc is 0 when the console showed REGEX, 1 if not.
refused_job() {
	local name="$1" re="$2"
	shift 2
	wanted "$name" || return 0
	(
		set +e    # a QEMU that ended by itself is no error here
		t0=$(date +%s)
		# shellcheck disable=SC2086
		timeout -k 10 "$QEMU_TIMEOUT" "$QEMU_BIN" $QEMU_COMMON "$@" < /dev/null > "$U/$name.log.raw" 2>&1 &
		pid=$!
		while kill -0 $pid 2> /dev/null; do
			if grep -a -q -E "$re|PMDIAG-DONE" "$U/$name.log.raw"; then
				sleep 5
				kill $pid 2> /dev/null
				break
			fi
			sleep 1
		done
		wait $pid 2> /dev/null
		# Without CRs and the firmware's and GRUB's terminal escapes.
		tr -d '\r' < "$U/$name.log.raw" | sed 's/\x1b\[[0-9;?=]*[A-Za-z]//g' > "$U/$name.log"
		rc=1
		grep -a -q -E "$re" "$U/$name.log" && rc=0
		echo $rc > "$U/$name.rc"
		echo $(( $(date +%s) - t0 )) > "$U/$name.time"
	) &
}

# wanted NAME: the boot NAME is in USB_BOOTS (default: every boot).
wanted() {
	[ -z "${USB_BOOTS:-}" ] || [[ " $USB_BOOTS " == *" $1 "* ]]
}

# boot_job NAME QEMU-ARGS...: one boot in the background, status into $U/NAME.rc.
boot_job() {
	local name="$1"
	shift
	wanted "$name" || return 0
	(
		t0=$(date +%s)
		rc=0
		qemu_run "$U/$name.log" "$@" || rc=$?
		echo $rc > "$U/$name.rc"
		echo $(( $(date +%s) - t0 )) > "$U/$name.time"
	) &
}

setup_file() {
	qemu_preflight
	[ -s "$TOP/build/pmdiag-usb.img" ] || { echo "no build/pmdiag-usb.img (make usb-image)" >&2; return 1; }
	command -v mcopy > /dev/null || { echo "no mcopy (apt-get install mtools)" >&2; return 1; }
	rm -rf "$U"
	mkdir -p "$U"

	# The test copy: boot the default entry at once, power off after the report.
	cp --sparse=always "$TOP/build/pmdiag-usb.img" "$U/stick.img"
	mcopy -i "$U/stick.img@@$OFF" ::/syslinux.cfg "$U/syslinux.cfg.orig"
	awk '/^LABEL / { l = $2 }
	     l == "pmdiag" && /^ *APPEND / { $0 = $0 " pmdiag.poweroff=1 pmdiag.json=1 no_timer_check" }
	     /^TIMEOUT / { $0 = "TIMEOUT 1" } { print }' "$U/syslinux.cfg.orig" > "$U/syslinux.cfg"
	mcopy -o -i "$U/stick.img@@$OFF" "$U/syslinux.cfg" ::/syslinux.cfg
	# GRUB's configuration made from it as make usb-image makes it (one source of truth).
	if mdir -i "$U/stick.img@@$OFF" ::/EFI/debian/grub.cfg > /dev/null 2>&1; then
		mcopy -n -i "$U/stick.img@@$OFF" ::/EFI/debian/grub.cfg "$U/grub.cfg.orig"
		"$TOP/initramfs/grubcfg.sh" "$U/syslinux.cfg" > "$U/grub.cfg"
		mcopy -o -i "$U/stick.img@@$OFF" "$U/grub.cfg" ::/EFI/debian/grub.cfg
	fi
	cp --sparse=always "$U/stick.img" "$U/efi.img"
	cp --sparse=always "$U/stick.img" "$U/secure.img"
	cp --sparse=always "$U/stick.img" "$U/ro.img"
	snapshot "$U/stick.img@@$OFF" "$U/before.files"
	boot_sectors "$U/stick.img" > "$U/before.sectors"
	# Tampered copies: one byte of GRUB, one byte of the kernel.
	local efi=no
	if mdir -i "$U/stick.img@@$OFF" ::/EFI/BOOT/grubx64.efi > /dev/null 2>&1; then
		efi=yes
		cp --sparse=always "$U/stick.img" "$U/bad-grub.img"
		tamper "$U/bad-grub.img" /EFI/BOOT/grubx64.efi
		cp --sparse=always "$U/stick.img" "$U/bad-kernel.img"
		tamper "$U/bad-kernel.img" /vmlinuz
	fi

	# A full stick: a whole-disk FAT (no partition table) labelled PMDIAG with pmdiag/
	# and not one free cluster.
	truncate -s 4M "$U/full.img"
	mkfs.vfat -n PMDIAG "$U/full.img" > /dev/null
	mmd -i "$U/full.img" ::/pmdiag
	echo "keep me" > "$U/keep.txt"
	mcopy -i "$U/full.img" "$U/keep.txt" ::/keep.txt
	local free
	free=$(mdir -i "$U/full.img" ::/ | sed -n 's/ bytes free$//p' | tr -d ' ')
	head -c "$free" /dev/urandom > "$U/fill.bin"
	mcopy -i "$U/full.img" "$U/fill.bin" ::/fill.bin
	snapshot "$U/full.img" "$U/full-before.files"

	local direct="-machine q35 -cpu max -kernel $QEMU_KERNEL -initrd $QEMU_INITRD"
	local append="console=ttyS0 panic=-1 pmdiag.poweroff=1 pmdiag.wait=20 no_timer_check"
	# Two at a time: SeaBIOS + syslinux from the stick, and a write-protected stick.
	boot_job bios -machine q35 -cpu max $(stick_args "$U/stick.img" ehci boot)
	boot_job ro $direct -append "$append" $(stick_args "$U/ro.img" ehci readonly)
	wait
	if [ -f "$OVMF_CODE" ] && [ -f "$OVMF_VARS" ] && [ $efi = yes ]; then
		cp "$OVMF_VARS" "$U/ovmf-vars.fd"
		boot_job uefi $(ovmf_args "$OVMF_CODE" "$U/ovmf-vars.fd") $(stick_args "$U/efi.img" xhci boot)
	fi
	boot_job full $direct -append "$append" $(stick_args "$U/full.img" xhci)
	wait
	# Secure Boot: the stick, then (one at a time beside it) the tampered copies, refused
	# by shim (GRUB) or by GRUB through shim (the kernel).
	if [ -f "$OVMF_SB_CODE" ] && [ -f "$OVMF_SB_VARS" ] && [ $efi = yes ]; then
		local n
		for n in secure bad-grub bad-kernel; do cp "$OVMF_SB_VARS" "$U/$n.vars.fd"; done
		boot_job secure $(ovmf_args "$OVMF_SB_CODE" "$U/secure.vars.fd") $(stick_args "$U/secure.img" xhci boot)
		(
			refused_job bad-grub 'Verification failed: \(0x1A\) Security Violation' \
				$(ovmf_args "$OVMF_SB_CODE" "$U/bad-grub.vars.fd") $(stick_args "$U/bad-grub.img" xhci boot)
			wait
			refused_job bad-kernel 'error: bad shim signature' \
				$(ovmf_args "$OVMF_SB_CODE" "$U/bad-kernel.vars.fd") $(stick_args "$U/bad-kernel.img" xhci boot)
			wait
		) &
		wait
	fi
}

# ended NAME: the boot NAME powered off by itself after printing PMDIAG-DONE status=0.
ended() {
	local rc
	rc=$(cat "$U/$1.rc" 2> /dev/null) || fail "$1: not booted"
	echo "# $1: $(cat "$U/$1.time")s" >&3
	[ "$rc" = 0 ] || fail "$1: QEMU exited $rc (124: still running after ${QEMU_TIMEOUT}s): $(tail -n 30 "$U/$1.log")"
	grep -q '^PMDIAG-DONE status=0 ' "$U/$1.log" ||
		fail "$1: no PMDIAG-DONE status=0 line: $(tail -n 30 "$U/$1.log")"
}

# saved_on NAME IMAGE [lockdown]: the run NAME saved its files on IMAGE; checks them and
# that the rest of the stick is as before. Under kernel lockdown /dev/mem is refused, so
# the HPET registers are unreadable.
saved_on() {
	local name="$1" img="$2" lockdown="${3:-}" dir
	ended "$name"
	dir=$(sed -n 's/^PMDIAG-DONE status=0 save=//p' "$U/$name.log")
	assert_regex "$dir" '^pmdiag/[0-9]{4}-[0-9]{2}-[0-9]{2}-[0-9]{6}-Standard-PC-Q35-ICH9-2009$'
	rm -rf "$U/$name.saved"
	mkdir -p "$U/$name.saved"
	mcopy -s -n -i "$img@@$OFF" "::/$dir/*" "$U/$name.saved/"
	run ls "$U/$name.saved"
	assert_output "$(printf '%s\n' "pmdiag-${dir#pmdiag/}.tar.xz" report.json report.txt)"

	# report.json is the JSON printed on the console; report.txt the text report.
	qemu_block "$U/$name.log" PMDIAG-JSON-BEGIN PMDIAG-JSON-END > "$U/$name.console.json"
	diff "$U/$name.console.json" "$U/$name.saved/report.json" ||
		fail "$name: report.json on the stick differs from the console's JSON"
	J="$U/$name.saved/report.json"
	if [ "$lockdown" = lockdown ]; then
		# the report says lockdown once, and it is the reason the registers are missing
		assert_equal "$(jqr -c .sources.lockdown)" '{"mode":"integrity","secure_boot":true,"uefi":true}'
		assert_equal "$(jqr .sources.hpet_mmio_status)" unreadable
		assert_regex "$(jqr .sources.hpet_mmio_reason)" 'refused by kernel lockdown \(integrity; Secure Boot is on\)'
		grep -q '^  Kernel lockdown: integrity (Secure Boot on): /dev/mem' "$U/$name.saved/report.txt" ||
			fail "$name: no lockdown line in the report"
	else
		assert_equal "$(jqr .sources.hpet_mmio)" readable
		assert_equal "$(jqr .sources.lockdown.mode)" none
	fi
	grep -q '^Data sources:' "$U/$name.saved/report.txt" || fail "$name: report.txt holds no report"
	diff <(console_text "$U/$name.log") "$U/$name.saved/report.txt" ||
		fail "$name: report.txt on the stick is not the report printed on the console"
	# The dump archive replays to the same report.
	run -0 pmdiag-report --json --dump "$U/$name.saved/pmdiag-${dir#pmdiag/}.tar.xz"
	diff <(jq .platform "$J") <(echo "$output" | jq .platform) ||
		fail "$name: the saved dump replays to another report"

	# Nothing else on the stick changed, and it was unmounted cleanly.
	snapshot "$img@@$OFF" "$U/$name.after.files"
	diff "$U/before.files" <(grep -v "^/$dir/" "$U/$name.after.files") ||
		fail "$name: files other than $dir/ changed on the stick"
	diff "$U/before.sectors" <(boot_sectors "$img") ||
		fail "$name: the MBR or the FAT boot sector changed (not unmounted cleanly?)"
}

@test "BIOS: SeaBIOS boots syslinux from the USB stick; the report is saved on its FAT partition" {
	grep -q '^SYSLINUX 6' "$U/bios.log" || fail "syslinux did not start: $(head -c 2000 "$U/bios.log")"
	grep -q 'Command line: .*console=tty0 console=ttyS0,115200 pmdiag.poweroff=1 pmdiag.json=1' "$U/bios.log" ||
		fail "the kernel was not booted from syslinux.cfg's default entry"
	saved_on bios "$U/stick.img"
}

@test "UEFI: OVMF without Secure Boot boots shim + GRUB from the USB stick (xHCI); the report is saved" {
	[ -f "$OVMF_CODE" ] || skip "no $OVMF_CODE (apt-get install ovmf)"
	mdir -i "$U/efi.img@@$OFF" ::/EFI/BOOT/BOOTX64.EFI > /dev/null 2>&1 ||
		skip "the image has no EFI boot loader (apt-get install shim-signed grub-efi-amd64-signed; make usb-image)"
	grep -q 'BdsDxe: starting Boot.*USB' "$U/uefi.log" || fail "OVMF did not boot the stick: $(head -c 3000 "$U/uefi.log")"
	grep -q 'Welcome to GRUB!' "$U/uefi.log" || fail "GRUB did not start: $(head -c 3000 "$U/uefi.log")"
	grep -q 'Command line: BOOT_IMAGE=/vmlinuz console=tty0 console=ttyS0,115200 pmdiag.poweroff=1 pmdiag.json=1 no_timer_check$' "$U/uefi.log" ||
		fail "the kernel was not booted from grub.cfg's default entry"
	! grep -q 'Kernel is locked down' "$U/uefi.log" || fail "locked down without Secure Boot"
	saved_on uefi "$U/efi.img"
	J="$U/uefi.saved/report.json"
	assert_regex "$(jqr .machine.bios)" 'OVMF'
	assert_equal "$(jqr '[.sources.acpi_tables[] | select(.signature == "BGRT")] | length')" 1
}

@test "UEFI secure boot: OVMF with Microsoft's keys boots shim + Debian's GRUB and kernel; lockdown; the report is saved" {
	[ -f "$OVMF_SB_CODE" ] || skip "no $OVMF_SB_CODE (apt-get install ovmf)"
	mdir -i "$U/secure.img@@$OFF" ::/EFI/BOOT/grubx64.efi > /dev/null 2>&1 ||
		skip "the image has no EFI boot loader (apt-get install shim-signed grub-efi-amd64-signed; make usb-image)"
	grep -q 'BdsDxe: starting Boot.*USB' "$U/secure.log" || fail "OVMF did not boot the stick: $(head -c 3000 "$U/secure.log")"
	grep -q 'Welcome to GRUB!' "$U/secure.log" || fail "shim did not start GRUB: $(head -c 3000 "$U/secure.log")"
	grep -q 'EFI stub: UEFI Secure Boot is enabled' "$U/secure.log" ||
		fail "the kernel does not say Secure Boot is enabled: $(grep -i secure "$U/secure.log")"
	grep -q 'Kernel is locked down from EFI Secure Boot' "$U/secure.log" ||
		fail "the kernel is not locked down: $(grep -i lockdown "$U/secure.log")"
	grep -q 'Command line: BOOT_IMAGE=/vmlinuz console=tty0 console=ttyS0,115200 pmdiag.poweroff=1 pmdiag.json=1 no_timer_check$' "$U/secure.log" ||
		fail "the kernel was not booted from grub.cfg's default entry"
	grep -q '^Data sources:' "$U/secure.log" || fail "no report on the console"
	saved_on secure "$U/secure.img" lockdown
}

@test "UEFI secure boot: one byte changed in GRUB: shim refuses it; one in the kernel: GRUB refuses it; no report" {
	[ -f "$OVMF_SB_CODE" ] || skip "no $OVMF_SB_CODE (apt-get install ovmf)"
	[ -f "$U/bad-grub.img" ] ||
		skip "the image has no EFI boot loader (apt-get install shim-signed grub-efi-amd64-signed; make usb-image)"
	local n
	for n in bad-grub bad-kernel; do
		[ -f "$U/$n.rc" ] || fail "$n: not booted"
		echo "# $n: $(cat "$U/$n.time")s" >&3
		grep -q 'BdsDxe: starting Boot.*USB' "$U/$n.log" || fail "$n: OVMF did not start the stick: $(head -c 3000 "$U/$n.log")"
		! grep -a -q -E 'Linux version|EFI stub|PMDIAG' "$U/$n.log" ||
			fail "$n: a kernel started: $(grep -a -E 'Linux version|EFI stub|PMDIAG' "$U/$n.log" | head -n 5)"
	done
	# shim verifies GRUB against Microsoft's and Debian's keys and stops.
	[ "$(cat "$U/bad-grub.rc")" = 0 ] ||
		fail "bad-grub: no 'Verification failed: (0x1A) Security Violation': $(head -c 3000 "$U/bad-grub.log")"
	! grep -a -q 'Welcome to GRUB' "$U/bad-grub.log" || fail "bad-grub: the tampered GRUB started"
	# GRUB starts, asks shim to verify the kernel, and refuses it.
	grep -a -q 'Welcome to GRUB!' "$U/bad-kernel.log" || fail "bad-kernel: GRUB did not start"
	[ "$(cat "$U/bad-kernel.rc")" = 0 ] ||
		fail "bad-kernel: no 'error: bad shim signature': $(tail -c 3000 "$U/bad-kernel.log")"
	grep -a -q 'error: you need to load the kernel first' "$U/bad-kernel.log" || fail "bad-kernel: GRUB did not stop"
}

@test "a write-protected stick: reported on the console, the run completes, nothing written" {
	ended ro
	grep -q '^pmdiag: /dev/sda1 is read-only (write-protected?): report not saved$' "$U/ro.log" ||
		fail "no read-only message: $(grep '^pmdiag' "$U/ro.log")"
	grep -qx 'PMDIAG-DONE status=0 save=failed' "$U/ro.log" || fail "save= is not failed"
	snapshot "$U/ro.img@@$OFF" "$U/ro.after.files"
	diff "$U/before.files" "$U/ro.after.files" || fail "the read-only stick changed"
}

@test "a full stick: ENOSPC reported on the console, the run completes, nothing else touched" {
	ended full
	grep -q '^pmdiag: mkdir pmdiag/.* on /dev/sda: No space left on device$' "$U/full.log" ||
		fail "no 'No space left' message: $(grep '^pmdiag' "$U/full.log")"
	grep -qx 'PMDIAG-DONE status=0 save=failed' "$U/full.log" || fail "save= is not failed"
	snapshot "$U/full.img" "$U/full.after.files"
	diff "$U/full-before.files" "$U/full.after.files" || fail "the full stick changed"
	mcopy -n -i "$U/full.img" ::/keep.txt "$U/keep.back"
	cmp "$U/keep.txt" "$U/keep.back"
}

@test "the stick image: the secure boot chain, shim (Microsoft), GRUB and the kernel (Debian) signed as shipped; grub.cfg from syslinux.cfg" {
	local img="$TOP/build/pmdiag-usb.img" f
	[ -f "$SHIM" ] && [ -f "$GRUB" ] || skip "no $SHIM or $GRUB (apt-get install shim-signed grub-efi-amd64-signed)"
	run -0 mdir -/ -a -b -i "$img@@$OFF" ::/EFI
	assert_output "$(printf '%s\n' ::/EFI/BOOT/ ::/EFI/debian/ ::/EFI/BOOT/BOOTX64.EFI ::/EFI/BOOT/grubx64.efi ::/EFI/debian/grub.cfg)"
	mcopy -n -i "$img@@$OFF" ::/EFI/BOOT/BOOTX64.EFI "$U/BOOTX64.EFI"
	cmp "$U/BOOTX64.EFI" "$SHIM" || fail "BOOTX64.EFI is not $SHIM"
	mcopy -n -i "$img@@$OFF" ::/EFI/BOOT/grubx64.efi "$U/grubx64.efi"
	cmp "$U/grubx64.efi" "$GRUB" || fail "grubx64.efi is not $GRUB"
	# The signed GRUB reads its configuration under the prefix built into it.
	strings -a "$GRUB" | grep -qx /EFI/debian || fail "$GRUB's prefix is no longer /EFI/debian"
	mcopy -n -i "$img@@$OFF" ::/syslinux.cfg "$U/image-syslinux.cfg"
	mcopy -n -i "$img@@$OFF" ::/EFI/debian/grub.cfg "$U/image-grub.cfg"
	diff <("$TOP/initramfs/grubcfg.sh" "$U/image-syslinux.cfg") "$U/image-grub.cfg" ||
		fail "grub.cfg is not made from syslinux.cfg"
	# Each syslinux entry is a GRUB entry with the same kernel, initramfs and options.
	diff <(awk '/^LABEL / { l = $2 } /^ *LINUX / { k = $2 } /^ *INITRD / { i = $2 }
	            /^ *APPEND / { sub(/^ *APPEND */, ""); print l, k, i, $0 }' "$U/image-syslinux.cfg") \
	     <(awk '/^menuentry / { l = $2; gsub(/"/, "", l) } /^\tlinux / { k = $2; $1 = $2 = ""; a = substr($0, 3) }
	            /^\tinitrd / { print l, k, $2, a }' "$U/image-grub.cfg") ||
		fail "GRUB's entries differ from syslinux's"
	grep -qx 'set default=pmdiag' "$U/image-grub.cfg" || fail "GRUB's default entry is not pmdiag"
	command -v sbverify > /dev/null || skip "no sbverify (apt-get install sbsigntool)"
	run -0 sbverify --list "$U/BOOTX64.EFI"
	assert_output --partial 'Microsoft Corporation UEFI CA 2011'
	run -0 sbverify --list "$U/grubx64.efi"
	assert_output --partial 'CN=Debian Secure Boot Signer'
	mcopy -n -i "$img@@$OFF" ::/vmlinuz "$U/vmlinuz.signed"
	run -0 sbverify --list "$U/vmlinuz.signed"
	assert_output --partial 'CN=Debian Secure Boot Signer'
}

@test "the stick image: MBR with one active FAT partition at 1 MiB labelled PMDIAG, syslinux, the kernel" {
	local img="$TOP/build/pmdiag-usb.img"
	run -0 sfdisk --dump "$img"
	assert_output --regexp "start= *2048, size= *[0-9]+, type=(c|e), bootable"
	[ "$(echo "$output" | grep -c 'start=')" = 1 ] || fail "more than one partition"
	cmp -n 440 "$img" /usr/lib/SYSLINUX/mbr.bin 2> /dev/null ||
		cmp -n 440 "$img" /usr/lib/syslinux/mbr/mbr.bin || fail "no syslinux MBR code"
	run -0 mlabel -s -i "$img@@$OFF" ::
	assert_output --partial PMDIAG
	run -0 mdir -/ -a -b -i "$img@@$OFF" ::/
	for f in /vmlinuz /initrd.img /syslinux.cfg /ldlinux.sys /ldlinux.c32 /pmdiag/; do
		assert_line "::$f"
	done
	mcopy -n -i "$img@@$OFF" ::/vmlinuz "$U/vmlinuz"
	cmp "$U/vmlinuz" "$QEMU_KERNEL" || fail "the stick's kernel is not $QEMU_KERNEL"
	mcopy -n -i "$img@@$OFF" ::/initrd.img "$U/initrd.img"
	cmp "$U/initrd.img" "$QEMU_INITRD" || fail "the stick's initramfs is not $QEMU_INITRD"
	grep -q '^  APPEND console=tty0 console=ttyS0,115200$' "$U/syslinux.cfg.orig" ||
		fail "the default entry does not boot with console=tty0 console=ttyS0,115200"
}
