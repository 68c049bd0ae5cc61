#!/bin/busybox sh
# SPDX-License-Identifier: GPL-2.0-or-later
# pmdiag-initrd's live thermal test (kernel option pmdiag.thermaltest=1; installed as
# /usr/share/pmdiag/thermaltest.sh). It needs a thermal zone whose temperature the guest
# can set: the QEMU machine q35-thermal-cmos (tests/qemu/ssdt-thermal-cmos.asl), whose
# _TMP reads CMOS byte 0x40 as degrees Celsius. Through rtc-cmos's NVRAM (offset
# 0x40 - 14) it
#   1. starts `pmdiag-thermal --watch` (thermal netlink events) in the background,
#   2. raises the zone 5 C above its passive trip (never to _HOT or _CRT: the kernel
#      would hibernate or shut down), waits until the watcher reports the passive trip
#      crossed upward (the kernel reads _TMP every _TZP), waits until the kernel has
#      turned the fans on (and the netlink watcher has said so), records their state,
#   3. lowers it to where it was, waits for "crossed downward" and the fans off,
#   4. stops the watcher with SIGINT and prints what it printed between
#      "PMDIAG-WATCH-BEGIN MODE" and "PMDIAG-WATCH-END MODE", then
#      "PMDIAG-WATCH-STATUS MODE EXIT-STATUS";
# then the same with `pmdiag-thermal --watch --poll -i 0.5`. Everything is printed
# between "PMDIAG-THERMALTEST-BEGIN" and "PMDIAG-THERMALTEST-END"; the line before the
# end says "pmdiag-thermaltest: status N" (0: every step worked). The CMOS byte is put
# back at the end.
#
#   thermaltest.sh [ZONE-ACPI-PATH [CMOS-INDEX]]     default \_TZ.TZCM 64

zone_path=${1:-'\_TZ.TZCM'}
index=${2:-64}
nvmem=/sys/bus/nvmem/devices/cmos_nvram0/nvmem
off=$((index - 14))
W=/tmp/pmdiag
mkdir -p $W
status=0
t0=$(cut -d' ' -f1 /proc/uptime)

log() {
	echo "pmdiag-thermaltest: [$(awk -v t0="$t0" '{ printf "%6.1f", $1 - t0 }' /proc/uptime) s] $*"
}

fail() {
	log "FAILED: $*"
	status=1
}

# cmos_get: the CMOS byte, in decimal. cmos_set N: write it.
cmos_get() {
	dd if=$nvmem bs=1 skip=$off count=1 2> /dev/null | od -An -tu1 | tr -d ' \n'
}
cmos_set() {
	# shellcheck disable=SC2059
	printf "\\$(printf '%03o' "$1")" | dd of=$nvmem bs=1 seek=$off count=1 conv=notrunc 2> /dev/null
}

# trip TYPE: the temperature (m°C) of the zone's first trip of that type (empty: none).
trip() {
	for f in "$z"/trip_point_*_type; do
		[ "$(cat "$f")" = "$1" ] && { cat "${f%_type}_temp"; return; }
	done
}

# wait_for FILE REGEX SECONDS: until a line of FILE matches (status 1 on time-out).
wait_for() {
	i=0
	while [ $i -lt $(($3 * 10)) ]; do
		grep -q -- "$2" "$1" 2> /dev/null && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# set_temp C: write C into the CMOS byte and check that the zone reads it back
# (sysfs "temp" evaluates _TMP on every read).
set_temp() {
	cmos_set "$1"
	t=$(cat "$z/temp")
	log "CMOS byte $index = $1: $z/temp reads $t"
	[ "$t" = "$(($1 * 1000))" ] || fail "the zone reads $t m°C, not $(($1 * 1000))"
}

# fans: "cooling_deviceN=STATE" for every Fan cooling device.
fans() {
	l=""
	for c in /sys/class/thermal/cooling_device*; do
		[ "$(cat "$c/type")" = Fan ] && l="$l ${c##*/}=$(cat "$c/cur_state")"
	done
	echo "${l# }"
}

# fans_settle STATE: until every Fan cooling device is at STATE (at most 30 s). The
# kernel sets the fans at its own reading of the zone, every _TZP (1 s), which need not
# come before the watcher's (--poll reads the temperature itself).
fans_settle() {
	i=0
	while [ $i -lt 300 ] && fans | tr ' ' '\n' | grep -v "=$1\$" | grep -q .; do
		sleep 0.1
		i=$((i + 1))
	done
}

# settle STATE: the fans at STATE and, watching netlink, the watcher's line for each
# (the kernel sends it after the trip's, in the same update of the zone)
settle() {
	fans_settle "$1"
	[ "$mode" = netlink ] || return 0
	for f in $(fans); do
		wait_for "$out" "^[0-9:]* ${f%=*}: state $1\$" 30 || fail "$mode: no '${f%=*}: state $1' line"
	done
}

# run_watch MODE ARGS...: one run of pmdiag-thermal --watch ARGS through a rise and a fall.
run_watch() {
	mode=$1
	shift
	out=$W/watch-$mode.txt
	: > "$out"
	pmdiag-thermal --watch "$@" > "$out" 2>&1 &
	pid=$!
	log "$mode: pmdiag-thermal --watch${*:+ $*} started (pid $pid)"
	wait_for "$out" 'Ctrl-C ends' 20 || fail "$mode: the watcher did not start"
	sleep 1
	set_temp "$high"
	if wait_for "$out" ': passive trip .*crossed upward' 30; then
		log "$mode: passive trip crossed upward reported"
	else
		fail "$mode: no 'crossed upward' within 30 s"
	fi
	settle 1
	log "$mode: fans at $high C: $(fans)"
	set_temp "$base"
	if wait_for "$out" ': passive trip .*crossed downward' 30; then
		log "$mode: passive trip crossed downward reported"
	else
		fail "$mode: no 'crossed downward' within 30 s"
	fi
	settle 0
	log "$mode: fans at $base C: $(fans)"
	kill -INT "$pid"
	wait "$pid"
	rc=$?
	log "$mode: pmdiag-thermal exited $rc after SIGINT"
	[ $rc = 0 ] || fail "$mode: pmdiag-thermal exited $rc"
	echo "PMDIAG-WATCH-BEGIN $mode"
	cat "$out"
	echo "PMDIAG-WATCH-END $mode"
	echo "PMDIAG-WATCH-STATUS $mode $rc"
}

main() {
	z=""
	for d in /sys/class/thermal/thermal_zone*; do
		# sysfs pads ACPI name segments with underscores: \_TZ_.TZCM
		p=$(sed -e 's/_*\././g' -e 's/_*$//' "$d/device/path" 2> /dev/null)
		[ "$p" = "$zone_path" ] && z=$d
	done
	[ -n "$z" ] || { fail "no thermal zone with ACPI path $zone_path"; return; }
	[ -w $nvmem ] || { fail "no writable $nvmem (rtc-cmos NVRAM)"; return; }
	psv=$(trip passive)
	hot=$(trip hot)
	crt=$(trip critical)
	[ -n "$psv" ] || { fail "$z has no passive trip"; return; }
	orig=$(cmos_get)
	tz=$(cat "$z/temp")
	base=$((tz / 1000))
	high=$((psv / 1000 + 5))
	log "$z ($zone_path) at $tz m°C (CMOS byte $index = $orig); trips: passive $psv, hot ${hot:-none}, critical ${crt:-none}"
	for lim in $hot $crt; do
		[ $((high * 1000)) -lt "$lim" ] || { fail "$high C would reach a hot or critical trip ($lim)"; return; }
	done
	[ $((base * 1000)) -lt "$psv" ] || { fail "the zone is already at its passive trip"; return; }
	set_temp "$base"
	sleep 2
	run_watch netlink
	run_watch poll --poll -i 0.5
	cmos_set "$orig"
	log "CMOS byte $index put back to $orig: $z/temp reads $(cat "$z/temp")"
}

echo PMDIAG-THERMALTEST-BEGIN
main
echo "pmdiag-thermaltest: status $status"
echo PMDIAG-THERMALTEST-END
exit $status
