#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Build every libFuzzer target (clang, ASan + UBSan) and run each for --seconds,
# after replaying its regression inputs (tests/fuzz/regress/<target>/: every crash
# ever found). Seeds come from ../shared/corpus and tests/dumps. Prints each
# target's executions per second and the total it has run without a crash
# (build/fuzz/totals/<target>; a crash starts it again from zero). The targets run one
# per CPU at a time.
#   tests/fuzz/run.sh [--build-dir DIR] [--seconds N] [--only TARGET]
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
build="$top/build/fuzz"
seconds=10
only=
while [ $# -gt 0 ]; do
	case "$1" in
	--build-dir) build="$2"; shift 2 ;;
	--seconds) seconds="$2"; shift 2 ;;
	--only) only="$2"; shift 2 ;;
	*) echo "run.sh: unknown argument $1" >&2; exit 1 ;;
	esac
done
case "$build" in /*) ;; *) build="$top/$build" ;; esac
corpus="${PMD_CORPUS:-$top/../shared/corpus}"
CC=${FUZZ_CC:-clang}
command -v "$CC" > /dev/null || { echo "run.sh: $CC not found (scripts/deps.sh installs it)" >&2; exit 1; }
# the objects through ccache where it is installed (make check installs it): the
# sanitizer and coverage build of every source is most of a smoke run's time
CCACHE=""
command -v ccache > /dev/null && CCACHE=ccache

SAN="-fsanitize=address,undefined -fno-sanitize-recover=undefined"
# sources named relative to the tree, so that a clone at another path hits the cache
export CCACHE_BASEDIR="$top"
CFLAGS="-g -O1 -fdebug-prefix-map=$top=. -std=gnu11 -D_GNU_SOURCE -DPMD_VERSION=\"fuzz\" -I$top/lib $(pkg-config --cflags libnl-genl-3.0 libtracefs libtraceevent) $SAN"
mkdir -p "$build/obj"

# libpmdiag with sanitizers and fuzzer coverage (rebuilt when a source is newer), one
# compiler per CPU
objs=""
stale=""
for src in $(find "$top/lib" -name "*.c" | sort); do
	o="$build/obj/$(basename "$src" .c).o"
	if [ ! -f "$o" ] || [ "$src" -nt "$o" ] || [ -n "$(find "$top/lib" -name '*.h' -newer "$o")" ]; then
		stale="$stale $src"
	fi
	objs="$objs $o"
done
if [ -n "$stale" ]; then
	export CC CCACHE CFLAGS build
	# shellcheck disable=SC2086
	printf '%s\n' $stale | xargs -P "$(nproc)" -n 1 sh -c \
		'$CCACHE $CC $CFLAGS -fsanitize=fuzzer-no-link -c "$0" -o "$build/obj/$(basename "$0" .c).o"'
fi

seed_dir() { # target
	d="$build/seeds/$1"
	[ -d "$d" ] && return 0
	mkdir -p "$d"
	case "$1" in
	acpidump)
		n=0
		for f in "$corpus"/acpi/*.acpidump.txt.xz; do
			[ -f "$f" ] || continue
			n=$((n + 1)); [ $n -le 12 ] || break
			xz -dc "$f" | head -c 200000 > "$d/$(basename "$f" .xz)"
		done
		for f in "$top"/tests/dumps/*/acpidump.txt; do
			[ -f "$f" ] && head -c 100000 "$f" > "$d/$(basename "$(dirname "$f")").txt"
		done ;;
	lspci)
		cp "$corpus"/lspci/*.lspci "$d/" 2>/dev/null || true
		# lspci -vv texts too: the target parses every input both ways
		cp "$corpus"/lspci-vv/*.lspci.txt "$d/" 2>/dev/null || true
		for f in "$top"/tests/dumps/*/lspci.txt; do
			[ -f "$f" ] && cp "$f" "$d/$(basename "$(dirname "$f")").lspci"
		done ;;
	aml)
		# DSDT and SSDT bytes of a few corpus machines, split by ACPICA's acpixtract
		n=0
		for f in "$corpus"/acpi/*.acpidump.txt.xz; do
			[ -f "$f" ] || continue
			n=$((n + 1)); [ $n -le 4 ] || break
			x="$build/seeds/aml-x$n"
			mkdir -p "$x"
			xz -dc "$f" > "$x/dump.txt"
			( cd "$x" && acpixtract -a dump.txt > /dev/null 2>&1 ) || true
			for tbl in "$x"/dsdt*.dat "$x"/ssdt*.dat; do
				[ -f "$tbl" ] && [ "$(wc -c < "$tbl")" -le 65536 ] &&
					cp "$tbl" "$d/$n-$(basename "$tbl")"
			done
			rm -rf "$x"
		done ;;
	tables)
		# HPET, FACP and APIC tables of 40 corpus machines and every recorded dump, split
		# by ACPICA's acpixtract; the first byte picks the decoder (0 HPET, 1 FADT, 2 MADT)
		n=0
		for f in $(ls "$corpus"/acpi/*.acpidump.txt.xz | head -n 40) "$top"/tests/dumps/*/acpidump.txt; do
			[ -f "$f" ] || continue
			n=$((n + 1))
			x="$build/seeds/tables-x$n"
			mkdir -p "$x"
			case "$f" in *.xz) xz -dc "$f" > "$x/dump.txt" ;; *) cp "$f" "$x/dump.txt" ;; esac
			for sig in HPET FACP APIC; do
				( cd "$x" && acpixtract -s $sig dump.txt > /dev/null 2>&1 ) || true
			done
			for tbl in "$x"/*.dat; do
				[ -f "$tbl" ] || continue
				case "$(basename "$tbl")" in hpet*) k=0 ;; facp*) k=1 ;; apic*) k=2 ;; *) continue ;; esac
				{ printf "\\$(printf %o $k)"; cat "$tbl"; } > "$d/$n-$(basename "$tbl")"
			done
			rm -rf "$x"
		done ;;
	lpit)
		# the LPITs of 16 corpus machines that have one (oracle-lpit.csv), split by
		# ACPICA's acpixtract
		n=0
		for id in $(awk -F, 'NR > 1 && $5 >= 1 { print $1 }' "$corpus/acpi/oracle-lpit.csv" | head -n 16); do
			f="$corpus/acpi/$id.acpidump.txt.xz"
			[ -f "$f" ] || continue
			n=$((n + 1))
			x="$build/seeds/lpit-x$n"
			mkdir -p "$x"
			xz -dc "$f" > "$x/dump.txt"
			( cd "$x" && acpixtract -s LPIT dump.txt > /dev/null 2>&1 ) || true
			for tbl in "$x"/lpit*.dat; do
				[ -f "$tbl" ] && cp "$tbl" "$d/$n-$(basename "$tbl")"
			done
			rm -rf "$x"
		done ;;
	trace)
		# recorded traces (trace.txt of the test dumps), cut to keep the seeds small
		for f in "$top"/tests/dumps/*/trace.txt; do
			[ -f "$f" ] && head -n 300 "$f" > "$d/$(basename "$(dirname "$f")")-head" &&
				cp "$f" "$d/$(basename "$(dirname "$f")")"
		done ;;
	amleval)
		# acpiexec's output over two corpus machines (even first byte) and recorded
		# aml-eval.txt files (odd)
		n=0
		for f in "$corpus"/acpi/*.acpidump.txt.xz; do
			[ -f "$f" ] || continue
			n=$((n + 1)); [ $n -le 2 ] || break
			x="$build/seeds/amleval-x$n"
			mkdir -p "$x"
			xz -dc "$f" > "$x/dump.txt"
			( cd "$x" && acpixtract -a dump.txt > /dev/null 2>&1 &&
				printf 'objects region\nobjects regionfield\ntrace opcode \\_SB.PR00._PSS\nevaluate \\_SB.PR00._PSS\nevaluate \\_TZ.TZ00._CRT\nevaluate \\_SB.PEPD._DSM (a0 40 eb c4 d2 6c e2 11 bc fd 08 00 20 0c 9a 66) 1 1 [ ]\nevaluate \\_SB.PEPD._DSM (a0 40 eb c4 d2 6c e2 11 bc fd 08 00 20 0c 9a 66) 1 0 [ ]\nquit\n' |
				acpiexec -dt -vr -to 1 dsdt.dat ssdt*.dat 2>&1 | head -c 60000 > out.txt ) || true
			{ printf '\000'; cat "$x/out.txt"; } > "$d/acpiexec$n"
			rm -rf "$x"
		done
		for f in "$top"/tests/dumps/*/aml-eval.txt; do
			[ -f "$f" ] || continue
			n=$((n + 1))
			{ printf '\001'; head -c 60000 "$f"; } > "$d/eval$n"
		done ;;
	dumpfmt)
		i=0
		for f in "$top"/tests/dumps/*/manifest "$top"/tests/dumps/*/msr.txt \
			"$top"/tests/dumps/*/mmio.txt "$top"/tests/dumps/*/snapshots/0/time \
			"$top"/tests/dumps/*/proc/iomem "$top"/tests/dumps/*/cpuid.txt \
			"$top"/tests/dumps/*/proc/interrupts "$top"/tests/dumps/*/proc/softirqs \
			"$top"/tests/dumps/*/proc/cmdline "$top"/tests/dumps/*/proc/timer_list \
			"$top"/tests/expected/pmdiag-report/hand-*.json "$top"/tests/expected/pmdiag-hpet/qemu-*.json \
			"$corpus"/cpuid/*.test "$corpus"/cpuid/*.pu0 \
			"$top"/tests/dumps/*/sys/devices/system/cpu/online \
			"$top"/tests/dumps/*/sys/devices/system/cpu/cpu0/topology/*_list \
			"$top"/tests/dumps/*/sys/kernel/debug/*/*; do
			[ -f "$f" ] || continue
			case "$f" in
			*/manifest) k=0 ;; */msr.txt) k=1 ;; */mmio.txt) k=2 ;; */time) k=3 ;;
			*/iomem) k=4 ;; */cpuid.txt) k=5 ;; */interrupts | */softirqs) k=6 ;; */cmdline) k=7 ;;
			*/timer_list) k=8 ;; *.json) k=9 ;; *.test | *.pu0) k=10 ;; */sys/kernel/debug/*) k=12 ;;
			*) k=11 ;;
			esac
			i=$((i + 1))
			{ printf "\\$(printf %o $k)"; head -c 60000 "$f"; } > "$d/seed$i"
		done ;;
	klog)
		# every handmade and real log of tests/klog, after a first byte that picks the
		# boot (4: the last), and this machine's own log where it is readable
		for f in "$top"/tests/klog/*.txt "$top"/tests/klog/kern.log "$top"/tests/klog/real/*.txt \
			"$top"/tests/klog/real/*[0-9].txt.xz; do
			[ -f "$f" ] || continue
			case "$f" in
			*.xz) { printf '\004'; xz -dc "$f" | head -c 200000; } > "$d/$(basename "$f" .xz)" ;;
			*) { printf '\004'; head -c 200000 "$f"; } > "$d/$(basename "$f")" ;;
			esac
		done
		{ printf '\004'; dmesg 2>/dev/null | head -c 200000; } > "$d/host" || true ;;
	kallsyms)
		# this machine's /proc/kallsyms (its start, and its modules' lines), and a
		# hidden one (kptr_restrict)
		head -c 100000 /proc/kallsyms > "$d/host" 2>/dev/null || true
		grep '\[' /proc/kallsyms 2>/dev/null | head -c 50000 > "$d/modules" || true
		printf '0000000000000000 T _stext\n0000000000000000 t hrtimer_wakeup\n' > "$d/hidden" ;;
	cstate)
		# every recorded snapshots/N/cstate.txt; the first byte cuts it into two ends
		i=0
		for f in "$top"/tests/dumps/*/snapshots/*/cstate.txt; do
			[ -f "$f" ] || continue
			i=$((i + 1))
			{ printf '\200'; cat "$f"; } > "$d/seed$i"
		done ;;
	dump)
		# every small recorded dump as one bundle: "== path" lines, each file after its line
		for m in "$top"/tests/dumps/*/; do
			[ -f "$m/manifest" ] || continue
			[ "$(du -sb "$m" | cut -f1)" -le 700000 ] || continue
			out="$d/$(basename "$m")"
			( cd "$m" && find . -type f ! -name README.md | sort | while read -r f; do
				printf '== %s\n' "${f#./}"
				cat "$f"
				[ -z "$(tail -c 1 "$f")" ] || echo
			done ) > "$out"
		done
		# and a few as archives (fuzz-dump.c opens an archive as one)
		for m in vm hand-idle-4cpu hand-thermal-amd; do
			[ -d "$top/tests/dumps/$m" ] || continue
			tar -C "$top/tests/dumps" -cf "$d/$m.tar" "$m"
		done
		tar -C "$top/tests/dumps" -czf "$d/vm.tar.gz" vm ;;
	esac
}

# every target: one per CPU at a time, each by this script with --only
if [ -z "$only" ] && [ "$(nproc)" -gt 1 ]; then
	for src in "$top"/tests/fuzz/fuzz-*.c; do
		t=$(basename "$src" .c); echo "${t#fuzz-}"
	done | xargs -n 1 -P "$(nproc)" "$0" --build-dir "$build" --seconds "$seconds" --only
	exit $?
fi

status=0
for src in "$top"/tests/fuzz/fuzz-*.c; do
	t=$(basename "$src" .c); t=${t#fuzz-}
	[ -z "$only" ] || [ "$only" = "$t" ] || continue
	bin="$build/fuzz-$t"
	$CC $CFLAGS -fsanitize=fuzzer "$src" $objs -lpci -lcpuid $(pkg-config --libs libnl-genl-3.0 libarchive libtracefs libtraceevent) -o "$bin"
	seed_dir "$t"
	mkdir -p "$build/work/$t" "$build/crashes/$t"
	dict=""
	[ -f "$top/tests/fuzz/$t.dict" ] && dict="-dict=$top/tests/fuzz/$t.dict"
	# regressions first: each must pass
	if [ -d "$top/tests/fuzz/regress/$t" ] && [ -n "$(ls -A "$top/tests/fuzz/regress/$t")" ]; then
		if ! "$bin" -runs=0 "$top/tests/fuzz/regress/$t"/* > "$build/work/$t.regress.log" 2>&1; then
			echo "fuzz $t: a regression input fails again: see $build/work/$t.regress.log" >&2
			status=1
			continue
		fi
	fi
	log="$build/work/$t.log"
	maxlen=262144
	[ "$t" = dump ] && maxlen=1048576
	if "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=$maxlen \
		-artifact_prefix="$build/crashes/$t/" $dict "$build/work/$t" "$build/seeds/$t" \
		> "$log" 2>&1; then
		# libFuzzer's last line: "Done N runs in S second(s)"
		execs=$(sed -n 's/^Done \([0-9]*\) runs in .*/\1/p' "$log" | tail -n 1)
		took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -n 1)
		execs=${execs:-0}
		took=${took:-$seconds}
		# the running total of executions without a crash, kept with the build
		tot=$(cat "$build/totals/$t" 2>/dev/null || echo 0)
		tot=$((tot + execs))
		mkdir -p "$build/totals"
		echo "$tot" > "$build/totals/$t"
		printf 'fuzz %-9s %9s executions in %ss (%s/s), no crash; %s executions without a crash so far\n' \
			"$t" "$execs" "$took" "$((execs / (took > 0 ? took : 1)))" "$tot"
	else
		rm -f "$build/totals/$t"
		echo "fuzz $t: FAILED, see $log; inputs in $build/crashes/$t/ (add them to tests/fuzz/regress/$t/)" >&2
		tail -n 20 "$log" >&2
		status=1
	fi
done
exit $status
