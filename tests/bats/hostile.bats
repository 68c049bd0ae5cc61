#!/usr/bin/env bats
# Hostile and broken dumps: each gets a clear message naming the file and the problem,
# a documented exit code (1 when the dump cannot be opened, 0 when the report could say
# what is wrong), no crash, and the dump itself is left as it was.
load test_helper
bounded_tools

report() {
	run --separate-stderr pmdiag-report --dump "$1"
	[ "$status" -le 1 ] || fail "exit $status (crash?): $stderr"
}

@test "a truncated ACPI table is refused with its lengths, the rest still read" {
	d=$(copy_dump vm trunc)
	# Drop the last hex line of the DSDT: its length field now exceeds the bytes.
	sed -i '/^DSDT @/,/^$/{/^    0F50: /d}' "$d/acpidump.txt"
	report "$d"
	assert_equal "$status" 0
	[[ "$stderr" == *"warning: ACPI table DSDT #1: length field says 3923 bytes but the dump holds 3920"* ]] ||
		fail "$stderr"
	assert_line --regexp '^    DSDT +1 +0 .* refused +length field says 3923'
	assert_line --regexp '^    FACP +1 +276 '
}

@test "a length field larger than the data is refused, not trusted" {
	d=$(copy_dump vm biglen)
	# APIC header: "41 50 49 43 48 00 00 00" -> length 0xFFFFFF48
	sed -i '/^APIC @/,/^$/{s/^    0000: 41 50 49 43 48 00 00 00/    0000: 41 50 49 43 48 FF FF FF/}' "$d/acpidump.txt"
	report "$d"
	assert_equal "$status" 0
	[[ "$stderr" == *"APIC #1: length field says 4294967112 bytes but the dump holds 72"* ]] ||
		fail "$stderr"
}

@test "a hex line with a hostile offset is refused without allocating it" {
	d=$(copy_dump vm offset)
	sed -i '/^FACP @/,/^$/{s/^    0010: /FFFFFFF0: /}' "$d/acpidump.txt"
	report "$d"
	assert_equal "$status" 0
	[[ "$stderr" == *"FACP #1: line"*"offset"* ]] || fail "$stderr"
}

@test "garbage where a number should be is invalid, quoted, never zero" {
	d=$(copy_dump vm garbage)
	printf 'zero-to-one\n' > "$d/sys/devices/system/cpu/online"
	report "$d"
	assert_equal "$status" 0
	assert_line '  CPUs online:  invalid: sys/devices/system/cpu/online: not a CPU list'
}

@test "a symbolic link pointing out of the dump is refused" {
	d=$(copy_dump vm symlink)
	echo "secret-outside-$$" > "$BATS_TEST_TMPDIR/outside"
	rm "$d/proc/sys/kernel/osrelease"
	ln -s "$BATS_TEST_TMPDIR/outside" "$d/proc/sys/kernel/osrelease"
	report "$d"
	assert_equal "$status" 0
	assert_line "  Kernel:       invalid: symbolic link in dump refused: proc/sys/kernel/osrelease"
	refute_output --partial "secret-outside"
	[ -L "$d/proc/sys/kernel/osrelease" ] # left as it was
}

@test "a symbolic link to a directory outside is not followed" {
	d=$(copy_dump vm dirlink)
	rm -rf "$d/sys/class" # this VM may have recorded nothing under it
	mkdir -p "$d/sys"
	ln -s /sys/class "$d/sys/class"
	report "$d"
	assert_equal "$status" 0
	assert_line --partial "Product:      invalid: symbolic link in dump refused"
}

@test "acpidump.txt that is garbage: ACPI invalid, the rest of the report stands" {
	d=$(copy_dump vm acpigarbage)
	head -c 3000 /dev/urandom | base64 > "$d/acpidump.txt"
	report "$d"
	assert_equal "$status" 0
	assert_line '  ACPI tables:     invalid: acpidump.txt: no ACPI table found (not acpidump text?)'
	assert_line --partial '  Kernel:'
}

@test "a file larger than the limit is refused" {
	d=$(copy_dump vm huge)
	truncate -s 17M "$d/proc/sys/kernel/osrelease"
	report "$d"
	assert_equal "$status" 0
	assert_line --partial "Kernel:       invalid: proc/sys/kernel/osrelease: larger than 16777216 bytes"
}

@test "a manifest that is not one: exit 1 with the line" {
	d=$(copy_dump vm badmanifest)
	printf 'pmdiag-dump 1\nthis is not key value\n' > "$d/manifest"
	run -1 --separate-stderr pmdiag-report --dump "$d"
	assert_equal "$stderr" "pmdiag-report: dump: $d: manifest: line 2: expected \"key: value\""
}

@test "an empty directory or a random file is not a dump: exit 1" {
	mkdir "$BATS_TEST_TMPDIR/empty"
	run -1 --separate-stderr pmdiag-report --dump "$BATS_TEST_TMPDIR/empty"
	assert_equal "$stderr" "pmdiag-report: dump: $BATS_TEST_TMPDIR/empty: not a pmdiag dump (no manifest, no sys/ or proc/)"
	head -c 1000 /dev/urandom > "$BATS_TEST_TMPDIR/x.tar.gz"
	run -1 --separate-stderr pmdiag-report --dump "$BATS_TEST_TMPDIR/x.tar.gz"
	[[ "$stderr" == "pmdiag-report: dump: $BATS_TEST_TMPDIR/x.tar.gz: not a readable tar archive"* ]] ||
		fail "$stderr"
}

@test "an archive with absolute and .. member names writes nothing outside" {
	mkdir -p "$BATS_TEST_TMPDIR/src/dump" "$BATS_TEST_TMPDIR/victim"
	cp -r "$DUMPS/vm/." "$BATS_TEST_TMPDIR/src/dump/"
	echo evil > "$BATS_TEST_TMPDIR/victim/planted"
	( cd "$BATS_TEST_TMPDIR/src" && tar -cf ../evil.tar dump \
		-P "$BATS_TEST_TMPDIR/victim/planted" --transform 's|^dump/manifest$|../outside-manifest|' )
	rm "$BATS_TEST_TMPDIR/victim/planted"
	# unpacked under TMPDIR: a member that escaped would land in t/ or above
	mkdir -p "$BATS_TEST_TMPDIR/t/tmp"
	TMPDIR="$BATS_TEST_TMPDIR/t/tmp" run -1 --separate-stderr pmdiag-report --dump "$BATS_TEST_TMPDIR/evil.tar"
	[[ "$stderr" == "pmdiag-report: dump: $BATS_TEST_TMPDIR/evil.tar: archive with absolute or '..' member names: refused"* ]] ||
		fail "$stderr"
	[ ! -e "$BATS_TEST_TMPDIR/victim/planted" ] || fail "wrote an absolute member"
	run find "$BATS_TEST_TMPDIR" -name outside-manifest
	assert_output ""
	# and the temporary directory is gone
	run ls -A "$BATS_TEST_TMPDIR/t/tmp"
	assert_output ""
}

@test "an acpidump file of garbage given with --acpidump: exit 1, named" {
	head -c 500 /dev/urandom > "$BATS_TEST_TMPDIR/junk.txt"
	run -1 --separate-stderr pmdiag-report --acpidump "$BATS_TEST_TMPDIR/junk.txt"
	assert_equal "$stderr" "pmdiag-report: acpidump: $BATS_TEST_TMPDIR/junk.txt: no ACPI table found (not acpidump text?)"
}
