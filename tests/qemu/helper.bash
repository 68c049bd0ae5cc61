# SPDX-License-Identifier: GPL-2.0-or-later
# Shared set-up of the QEMU end-to-end suites (make check-qemu): bats-assert, the
# machines of qemu.bash, and helpers that read what a boot printed on its serial console.
bats_require_minimum_version 1.5.0
load '/usr/lib/bats/bats-support/load'
load '/usr/lib/bats/bats-assert/load'

TOP="$(cd "$(dirname "${BATS_TEST_FILENAME}")/../.." && pwd)"
export QEMU_TOP="$TOP"
# shellcheck source=tests/qemu/qemu.bash
source "$TOP/tests/qemu/qemu.bash"
# shellcheck source=tests/bats/lib/measured.bash
source "$TOP/tests/bats/lib/measured.bash"
export LC_ALL=C TZ=UTC NO_COLOR=1
export PATH="$TOP/build/bin:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"
# Serial logs, JSON and dumps of the last run stay here to read after a failure.
LOGS="$TOP/build/qemu/logs"

# qemu_preflight: what every boot needs, with the fix in the message.
qemu_preflight() {
	command -v "$QEMU_BIN" > /dev/null ||
		{ echo "no $QEMU_BIN (apt-get install qemu-system-x86)" >&2; return 1; }
	[ -r "$QEMU_KERNEL" ] ||
		{ echo "cannot read the kernel $QEMU_KERNEL (apt-get install linux-image-amd64, or KVER=)" >&2; return 1; }
	[ -s "$QEMU_INITRD" ] ||
		{ echo "no $QEMU_INITRD (make initramfs)" >&2; return 1; }
	command -v iasl > /dev/null || { echo "no iasl (apt-get install acpica-tools)" >&2; return 1; }
	command -v jq > /dev/null || { echo "no jq (apt-get install jq)" >&2; return 1; }
}

# collect DIR MACHINE: from DIR/MACHINE.log, the JSON report into DIR/MACHINE.json, the
# JSON of each tool run in the guest (pmdiag.run=) into DIR/MACHINE.TOOL.json and the
# dump (when printed) unpacked into DIR/MACHINE.dump/.
collect() {
	local dir="$1" m="$2" t
	qemu_block "$dir/$m.log" PMDIAG-JSON-BEGIN PMDIAG-JSON-END > "$dir/$m.json" || rm -f "$dir/$m.json"
	for t in $(sed -n 's/^PMDIAG-RUN-BEGIN \([a-z0-9]*\)$/\1/p' "$dir/$m.log"); do
		qemu_block "$dir/$m.log" "PMDIAG-RUN-BEGIN $t" "PMDIAG-RUN-END $t" > "$dir/$m.$t.json" ||
			rm -f "$dir/$m.$t.json"
	done
	rm -rf "$dir/$m.dump"
	if qemu_block "$dir/$m.log" PMDIAG-DUMP-BEGIN PMDIAG-DUMP-END > "$dir/$m.b64"; then
		mkdir -p "$dir/$m.dump"
		base64 -d "$dir/$m.b64" | tar -xJ -C "$dir/$m.dump" || rm -rf "$dir/$m.dump"
	fi
	rm -f "$dir/$m.b64"
}

# booted DIR MACHINE: the boot of MACHINE ended by itself (no timeout), printed its
# report, the JSON block and "PMDIAG-DONE status=0". Sets J to its JSON file.
booted() {
	local dir="$1" m="$2" rc
	[ -f "$dir/$m.rc" ] || fail "$m: not booted (see setup_file)"
	rc=$(cat "$dir/$m.rc")
	[ "$rc" != 124 ] && [ "$rc" != 137 ] ||
		fail "$m: QEMU still running after QEMU_TIMEOUT=${QEMU_TIMEOUT}s; end of $dir/$m.log: $(tail -n 20 "$dir/$m.log")"
	[ "$rc" = 0 ] || fail "$m: QEMU exited $rc: $(tail -n 20 "$dir/$m.log")"
	grep -qx 'PMDIAG-DONE status=0 .*' "$dir/$m.log" ||
		fail "$m: no 'PMDIAG-DONE status=0' line: the report did not complete; end of $dir/$m.log: $(tail -n 30 "$dir/$m.log")"
	[ -s "$dir/$m.json" ] || fail "$m: no PMDIAG-JSON-BEGIN/END block in $dir/$m.log"
	jq -e . "$dir/$m.json" > /dev/null || fail "$m: the JSON block is not JSON"
	J="$dir/$m.json"
}

# console_text LOG: the text report as printed on the console (between the banner line
# and its blank line, and the blank line before PMDIAG-JSON-BEGIN).
console_text() {
	awk '/^pmdiag: pmdiag-initrd / { i = 1; getline; next }
	     $0 == "PMDIAG-JSON-BEGIN" { exit } i' "$1" | sed '$d'
}

# jqr FILTER: jq -r FILTER on the JSON of the last booted machine.
jqr() {
	jq -r "$@" "$J"
}

# ran DIR MACHINE TOOL: the guest ran pmdiag-TOOL --json (kernel option pmdiag.run=),
# the tool exited 0 and printed JSON. Sets T to that JSON file.
ran() {
	local dir="$1" m="$2" t="$3" st
	st=$(sed -n "s/^PMDIAG-RUN-STATUS $t //p" "$dir/$m.log")
	[ -n "$st" ] || fail "$m: pmdiag-$t did not run in the guest (no PMDIAG-RUN-STATUS $t line in $dir/$m.log)"
	[ "$st" = 0 ] ||
		fail "$m: pmdiag-$t --json exited $st in the guest: $(sed -n "/^PMDIAG-RUN-STATUS $t /,/^PMDIAG-/p" "$dir/$m.log")"
	[ -s "$dir/$m.$t.json" ] || fail "$m: no PMDIAG-RUN-BEGIN/END $t block in $dir/$m.log"
	jq -e . "$dir/$m.$t.json" > /dev/null || fail "$m: what pmdiag-$t --json printed in the guest is not JSON"
	T="$dir/$m.$t.json"
}

# jqt FILTER: jq -r FILTER on the JSON of the last tool ran.
jqt() {
	jq -r "$@" "$T"
}
