#!/usr/bin/env bats
# The USB stick image (make usb-image) under QEMU: a copy of build/pmdiag-usb.img whose
# default boot entry also says pmdiag.poweroff=1 pmdiag.json=1 boots from an emulated USB
# stick through SeaBIOS + syslinux, and through OVMF (UEFI) + syslinux.efi, and leaves
# its report, JSON and dump under pmdiag/<date>-<machine>/ on the FAT partition, read back
# here with mtools; nothing else on the stick changes. A write-protected stick and a full
# one are reported on the console, not fatal. Logs: build/qemu/logs/usb/.
load helper

U="$LOGS/usb"
OFF=1048576                       # the FAT partition starts at 1 MiB
OVMF_CODE=/usr/share/OVMF/OVMF_CODE_4M.fd
OVMF_VARS=/usr/share/OVMF/OVMF_VARS_4M.fd
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

# boot_job NAME QEMU-ARGS...: one boot in the background, status into $U/NAME.rc.
boot_job() {
	local name="$1"
	shift
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
	     l == "pmdiag" && /^ *APPEND / { $0 = $0 " pmdiag.poweroff=1 pmdiag.json=1" }
	     /^TIMEOUT / { $0 = "TIMEOUT 1" } { print }' "$U/syslinux.cfg.orig" > "$U/syslinux.cfg"
	mcopy -o -i "$U/stick.img@@$OFF" "$U/syslinux.cfg" ::/syslinux.cfg
	if mdir -i "$U/stick.img@@$OFF" ::/EFI/BOOT/BOOTX64.EFI > /dev/null 2>&1; then
		mcopy -o -i "$U/stick.img@@$OFF" "$U/syslinux.cfg" ::/EFI/BOOT/syslinux.cfg
	fi
	cp --sparse=always "$U/stick.img" "$U/efi.img"
	cp --sparse=always "$U/stick.img" "$U/ro.img"
	snapshot "$U/stick.img@@$OFF" "$U/before.files"
	boot_sectors "$U/stick.img" > "$U/before.sectors"

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
	local append="console=ttyS0 panic=-1 pmdiag.poweroff=1 pmdiag.wait=20"
	# Two at a time: SeaBIOS + syslinux from the stick, and a write-protected stick.
	boot_job bios -machine q35 -cpu max $(stick_args "$U/stick.img" ehci boot)
	boot_job ro $direct -append "$append" $(stick_args "$U/ro.img" ehci readonly)
	wait
	if [ -f "$OVMF_CODE" ] && [ -f "$OVMF_VARS" ] &&
	   mdir -i "$U/efi.img@@$OFF" ::/EFI/BOOT/BOOTX64.EFI > /dev/null 2>&1; then
		cp "$OVMF_VARS" "$U/ovmf-vars.fd"
		boot_job uefi -machine q35 -cpu max \
			-drive if=pflash,format=raw,readonly=on,file="$OVMF_CODE" \
			-drive if=pflash,format=raw,file="$U/ovmf-vars.fd" $(stick_args "$U/efi.img" xhci boot)
	fi
	boot_job full $direct -append "$append" $(stick_args "$U/full.img" xhci)
	wait
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

# saved_on NAME IMAGE: the run NAME saved its files on IMAGE; checks them and that the
# rest of the stick is as before.
saved_on() {
	local name="$1" img="$2" dir
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
	assert_equal "$(jqr .sources.hpet_mmio)" readable
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

@test "UEFI: OVMF boots syslinux.efi from the USB stick (xHCI); the report is saved" {
	[ -f "$OVMF_CODE" ] || skip "no $OVMF_CODE (apt-get install ovmf)"
	mdir -i "$U/efi.img@@$OFF" ::/EFI/BOOT/BOOTX64.EFI > /dev/null 2>&1 ||
		skip "the image has no EFI boot loader (apt-get install syslinux-efi; make usb-image)"
	grep -q 'BdsDxe: starting Boot.*USB' "$U/uefi.log" || fail "OVMF did not boot the stick: $(head -c 3000 "$U/uefi.log")"
	saved_on uefi "$U/efi.img"
	J="$U/uefi.saved/report.json"
	assert_regex "$(jqr .machine.bios)" 'OVMF'
	assert_equal "$(jqr '[.sources.acpi_tables[] | select(.signature == "BGRT")] | length')" 1
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
