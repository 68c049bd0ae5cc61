#!/usr/bin/env bats
# The JSON keys pmdiag prints against the keys its man pages document, both ways.
# Every tool with --json (hpet lapic idle thermal pstate race s0ix report) runs once on each
# recorded dump (tests/dumps), on 20 corpus acpidumps (two named for their rare keys,
# the rest evenly spaced in name order), pmdiag-idle once on this machine for 0.2 s
# (its measured-only keys), and pmdiag-race measured and --dry-run on the simulated
# platforms of tests/race (the race.bats way). Then tests/bats/lib/keys.py checks:
#  - strict JSON: a key twice in one object fails (lib/out prints duplicates as
#    written since they are bugs, see pmd_out_duplicates in lib/out/out.h);
#  - forward: every key printed is documented, i.e. a bold word (.B .BR .RB .BI .IB,
#    \fB) in the OUTPUT section of that tool's page or in the JSON section of
#    pmdiag(7); pmdiag-report's keys (every probe's whole output) in any of them.
#    KEY_status, KEY_reason, KEY_ci next to KEY in the same object are documented by
#    their suffix convention (a bold "_status" etc. from ".IB key _status").
#    ACPI object names (_CRT, _TC1...) are keys like any other;
#  - reverse: every documented key is printed by some run of that tool (pmdiag(7):
#    of any tool). A documented key is a bold word (letters, digits, underscore) in
#    those sections, except options (\-\-json), page references (pmdiag(7)), the
#    ".SS Prometheus" part of pmdiag-report(1), and bold values, which each section
#    lists in a roff comment line
#      .\" not keys: absent unreadable ...
#    (a word listed there that some run prints as a key fails the test).
#    KEYS_NOT_RUN below names the documented keys no run here can print, with why
#    (one that is printed, or not documented, fails the test: the list only shrinks);
#  - in the code: every key written as a string literal in a pmd_out_* call of
#    lib/probe/TOOL (pmdiag-report: lib/report, lib/probe, tools) is documented too,
#    for the keys only machines unlike every run here print.
# On failure the test prints which keys are missing where.
load test_helper

# documented keys no run of this file reaches (tested elsewhere)
KEYS_NOT_RUN=(
	"race:leftover" # only after a killed run's restore file is applied (race.bats)
	"report:file" # the kernel log section's --dmesg file (report.bats, klog.bats)
	"race:last_run_reason" # a kept --idle-states result that is not one (race-idle.bats)
	"race:hw_residency_pct_status" "race:hw_residency_pct_reason" # no residency counters (race-idle.bats)
	"lapic:problem" # a FADT that fails its checks: no dump or sampled acpidump has one
	"pstate:problem" # a malformed _PSS package: no dump or corpus acpidump has one
	"pstate:exception" # a _PSS ACPICA fails to evaluate: no dump or sampled acpidump has one
	"lapic:cpus_differ" # CPUs whose timer flags differ: no recorded machine has them
	"thermal:max_mc" # a hwmon CPU sensor with a maximum: no recorded machine has one
	"s0ix:mem_sleep_default" # mem_sleep_default= on the command line: no dump has it (s0ix.bats)
	"s0ix:pcie_port_pm" "s0ix:amd_iommu" # on the command line: no dump has them (s0ix.bats)
	"s0ix:sleep_states_supported" # pmdiag-report's summary only (its golden files)
	# a measured suspend, live only (tests/qemu/trace.bats)
	"s0ix:suspend_cycle" "s0ix:reached" "s0ix:seconds_asked" "s0ix:suspended_s"
	"s0ix:hw_sleep_s" "s0ix:alarm_left_as_found"
	# ThermalZone objects no recorded table defines
	"thermal:_AL5" "thermal:_AL6" "thermal:_AL7" "thermal:_AL8" "thermal:_AL9" "thermal:_CR3"
	"thermal:_TFP"
)

setup_file() {
	export K="$BATS_FILE_TMPDIR/keys"
	mkdir -p "$K"
	local d f n i=0 all=() tool
	{
		for d in "$DUMPS"/*/; do
			[ -f "$d/manifest" ] || continue
			for tool in hpet lapic idle thermal pstate race s0ix report; do
				printf '%s\n' "$tool" "dump-$(basename "$d")" --dump "$d"
			done
		done
		if [ -d "$CORPUS/acpi" ]; then
			all=("$CORPUS"/acpi/*.acpidump.txt.xz)
			for f in "${all[@]}"; do
				n=$(basename "$f" .acpidump.txt.xz)
				# _AL2.._AL4 thermal trips; lapic why_orphan
				if [ "$n" = lhw-01CB5FB8471F ] || [ "$n" = lhw-076CCB6076ED ] ||
					[ $((i % ((${#all[@]} + 17) / 18))) = 0 ]; then
					for tool in hpet lapic idle thermal pstate race s0ix report; do
						printf '%s\n' "$tool" "acpi-$n" --acpidump "$f"
					done
				fi
				i=$((i + 1))
			done
		fi
	} > "$K/list"
	xargs -d '\n' -n 4 -P "$TEST_JOBS" sh -c \
		'pmdiag-$0 --json "$2" "$3" > "$K/$1-$0.json" 2> "$K/$1-$0.err"' < "$K/list" || true

	timeout 20 pmdiag-idle --json --interval 0.2 > "$K/live-this-idle.json" 2> "$K/live.err" || true
	# without acpiexec: the objects are not evaluated, and the output says why
	cp -r "$DUMPS/qemu-q35-thermal" "$K/noeval" && rm -f "$K/noeval/aml-eval.txt"
	mkdir -p "$K/nopath"
	for tool in thermal pstate; do
		env PATH="$K/nopath" "$(command -v pmdiag-$tool)" --json --dump "$K/noeval" \
			> "$K/noeval-$tool.json" 2> "$K/noeval-$tool.err" || true
	done
	local p
	for p in race-wins pstate-wins amd; do
		cp -r "$TOP/tests/race/$p" "$K/sim-$p"
		pmdiag-race --sim "$K/sim-$p" --work 100 --trials 2 --json > "$K/sim-$p-race.json"
	done
	pmdiag-race --sim "$K/sim-pstate-wins" -m hwp --work 100 --trials 2 --json \
		> "$K/sim-hwp-race.json"
	pmdiag-race --sim "$K/sim-race-wins" --dry-run --json > "$K/sim-dry-race.json"
	cp -r "$TOP/tests/race/idle-states" "$K/sim-idle"
	pmdiag-race --sim "$K/sim-idle" --idle-states --trials 2 --json > "$K/sim-idle-race.json"
	pmdiag-race --sim "$K/sim-idle" --idle-states --dry-run --json > "$K/sim-idle-dry-race.json"
}

@test "every key printed is documented, once per object, and every documented key is printed" {
	[ "$(find "$K" -name '*.json' | wc -l)" -ge 200 ] || fail "too few runs in $K"
	run python3 "$TOP/tests/bats/lib/keys.py" "$TOP" "$K" "${KEYS_NOT_RUN[@]}"
	[ "$status" -eq 0 ] || fail "$output"
}
