#!/usr/bin/env bats
# pmdiag-lapic: every corpus CPU (three dump formats) against oracle-cpuid.csv, and the
# verdicts of recorded machines.
load test_helper

@test "every corpus CPU: vendor, family, model and ARAT equal the oracle" {
	oracle_test
	[ -d "$CORPUS/cpuid" ] || skip "no corpus"
	local n=0 f name want got
	for f in "$CORPUS"/cpuid/*; do
		name=$(basename "$f")
		[ "$name" = oracle-cpuid.csv ] && continue
		run --separate-stderr pmdiag-lapic --json --cpuid "$f"
		[ "$status" -eq 0 ] || fail "$name: exit $status: $stderr"
		got=$(jq -r '.cpus[0] | "\(.vendor) \(.family) \(.model) \(if .arat then 1 else 0 end)"' <<<"$output")
		want=$(awk -F, -v n="$name" '$1 == n { print $4, $5, $6, $(NF-9) }' "$CORPUS/cpuid/oracle-cpuid.csv")
		[ -n "$want" ] || fail "$name: not in the oracle"
		[ "$got" = "$want" ] || fail "$name: got [$got], oracle [$want]"
		# invariant TSC too (columns counted from the end: the brand may hold commas)
		got=$(jq -r 'if .cpus[0].invariant_tsc then 1 else 0 end' <<<"$output")
		want=$(awk -F, -v n="$name" '$1 == n { print $(NF-3) }' "$CORPUS/cpuid/oracle-cpuid.csv")
		[ "$got" = "$want" ] || fail "$name: invariant TSC $got, oracle $want"
		n=$((n + 1))
	done
	[ "$n" -ge 44 ] || fail "only $n CPUs"
}

# arat_agrees FILE: pmdiag-lapic's and pmdiag-report's text and JSON say the same of ARAT
# for the corpus CPU in FILE, and a CPU without leaf 6 (the oracle's maximum standard leaf
# below 6) has none, for that reason, as Linux reads it.
arat_agrees() {
	local f=$1 name want max l6 text json why rtext rjson rwhy verdict
	name=$(basename "$f")
	# columns counted from the end: the brand may hold commas
	read -r max l6 want < <(awk -F, -v n="$name" '$1 == n { print $(NF-14), $(NF-12), $(NF-9) }' \
		"$CORPUS/cpuid/oracle-cpuid.csv")
	[ -n "$want" ] || { echo "not in the oracle"; return 1; }
	text=$(pmdiag-lapic --cpuid "$f" | sed -n 's/^Timer flags: *ARAT \(yes\|no\)\( (\(.*\))\)\?, TSC deadline.*/\1|\3/p')
	IFS=\| read -r json why verdict < <(pmdiag-lapic --json --cpuid "$f" |
		jq -r '"\(.cpus[0].arat)|\(.cpus[0].arat_why)|\(.verdict.text)"')
	rtext=$(pmdiag-report --cpuid "$f" | sed -n 's/^  CPU timer flags: *ARAT \(yes\|no\)\( (\(.*\))\)\?, TSC deadline.*/\1|\3/p')
	IFS=\| read -r rjson rwhy < <(pmdiag-report --json --cpuid "$f" |
		jq -r '"\(.platform.cpu_flags.arat)|\(.platform.cpu_flags.arat_why)"')
	# text and JSON, tool and report, the oracle: one answer
	[ "$text" = "$( [ "$json" = true ] && echo yes || echo no)|$( [ "$why" = null ] || echo "$why")" ] ||
		{ echo "lapic text [$text], JSON [$json|$why]"; return 1; }
	[ "$rtext" = "$text" ] || { echo "report text [$rtext], lapic text [$text]"; return 1; }
	[ "$rjson|$rwhy" = "$json|$why" ] || { echo "report JSON [$rjson|$rwhy], lapic [$json|$why]"; return 1; }
	[ "$json" = "$( [ "$want" = 1 ] && echo true || echo false)" ] || { echo "arat $json, oracle $want"; return 1; }
	if [ "$json" = false ]; then
		[[ "$verdict" == "no ARAT"* ]] || { echo "verdict: $verdict"; return 1; }
	fi
	if [ "$((max))" -lt 6 ]; then
		[ "$l6" = 0 ] && [ "$json" = false ] &&
			[ "$why" = "CPUID leaf 6 not implemented: max standard leaf $((max))" ] ||
			{ echo "max leaf $max: arat $json, why [$why]"; return 1; }
	else
		[ "$why" = null ] || { echo "max leaf $max: why [$why]"; return 1; }
	fi
}

@test "every corpus CPU: text and JSON, pmdiag-lapic and pmdiag-report agree on ARAT; no leaf 6 is no ARAT, with the reason" {
	oracle_test
	[ -d "$CORPUS/cpuid" ] || skip "no corpus"
	local files=() f
	for f in "$CORPUS"/cpuid/*; do
		[ "$(basename "$f")" = oracle-cpuid.csv ] || files+=("$f")
	done
	[ "${#files[@]}" -ge 44 ] || fail "only ${#files[@]} CPUID dumps"
	par_each arat_agrees "${files[@]}"
	# the corpus holds CPUs of both kinds: both branches are taken
	local max old=0
	for max in $(awk -F, 'NR > 1 { print $(NF-14) }' "$CORPUS/cpuid/oracle-cpuid.csv"); do
		[ "$((max))" -ge 6 ] || old=$((old + 1))
	done
	[ "$old" -ge 5 ] || fail "only $old CPUs without leaf 6"
	[ "$old" -lt "${#files[@]}" ]
}

@test "a CPUID file alone: the verdict depends on idle states that are not recorded" {
	run -0 pmdiag-lapic --json --cpuid "$CORPUS/cpuid/lcp-intel--x86-64--core--intel-core2-quad-cpu-q9300.test"
	assert_equal "$(jq -r '.verdict.lapic_timer_stops' <<<"$output")" null
	assert_equal "$(jq -r '.cpus[0].arat' <<<"$output")" false
	run -0 pmdiag-lapic --json --cpuid "$CORPUS/cpuid/lcp-intel--x86-64--skylake--intel-pentium-cpu-4415u.test"
	assert_equal "$(jq -r '.verdict.lapic_timer_stops' <<<"$output")" false
}

@test "laptop (Core 2, acpi_idle, no ARAT): stops in C2 and C3, broadcast by the HPET" {
	run -0 pmdiag-lapic --dump "$DUMPS/laptop"
	assert_line "LAPIC timer:      LAPIC timer stops in C2, C3; wake-ups are broadcast by hpet, longest one-shot 149.98 s"
	run -0 pmdiag-lapic --json --dump "$DUMPS/laptop"
	assert_equal "$(jq -c '.verdict.stopping_states' <<<"$output")" '["C2","C3"]'
	assert_equal "$(jq -r '.broadcast.device' <<<"$output")" hpet
	assert_equal "$(jq -r '.broadcast.interrupts[0].delta' <<<"$output")" 25
}

@test "this VM (ARAT): the timer keeps running" {
	run -0 pmdiag-lapic --dump "$DUMPS/vm"
	assert_line "LAPIC timer:      LAPIC timer keeps running in all C-states (ARAT)"
}

@test "an interval out of range is a usage error" {
	run -1 --separate-stderr pmdiag-lapic -i 0
	[[ "$stderr" == *'--interval: "0" is not 0.01..600 seconds'* ]] || fail "$stderr"
}

@test "a CPU whose timer flags differ from CPU 0's is named, and the report warns" {
	local f="$BATS_TEST_TMPDIR/cpuid.txt"
	# hand-pc10's 4 CPUs, with ARAT (CPUID.06H:EAX bit 2) cleared on CPU 2 only
	awk '/Logical CPU #2/ { c = 1 } /Logical CPU #3/ { c = 0 }
	     c && /^basic_cpuid\[6\]=/ { sub(/00002ff7/, "00002ff3") } { print }' \
		"$DUMPS/hand-pc10/cpuid.txt" > "$f"
	[ "$(grep -c '^basic_cpuid\[6\]=00002ff3' "$f")" = 1 ]
	run -0 --separate-stderr pmdiag-lapic --json --cpuid "$f"
	assert_equal "$(jq -r .cpus_differ <<<"$output")" "CPU 2"
	assert_equal "$(jq -c '[.cpus[].arat]' <<<"$output")" "[true,true,false,true]"
	assert_equal "$(jq -r .verdict.text <<<"$output" | cut -d: -f1)" "no ARAT on some CPUs"
	run -0 --separate-stderr pmdiag-lapic --cpuid "$f"
	assert_line "CPUs:             4; flags differ on CPU 2"
	run -0 --separate-stderr pmdiag-report --json --cpuid "$f"
	assert_equal "$(jq -r '.findings[] | select(.id == "lapic.cpus-differ") | "\(.severity) \(.message)"' <<<"$output")" \
		"warning CPUID timer flags differ from CPU 0's on CPU 2"
	# the unchanged file: no difference, no finding
	run -0 --separate-stderr pmdiag-report --json --cpuid "$DUMPS/hand-pc10/cpuid.txt"
	assert_equal "$(jq '[.findings[] | select(.id == "lapic.cpus-differ")] | length' <<<"$output")" 0
}

@test "intel_idle without ARAT: the MWAIT hint decides, as Linux does (C-state field above 0)" {
	local d="$BATS_TEST_TMPDIR/d"
	cp -r "$DUMPS/hand-idle-4cpu" "$d"
	# a state whose name says nothing: the hint 0x10 says C3
	echo "DEEP" > "$d/sys/devices/system/cpu/cpu0/cpuidle/state2/name"
	echo "MWAIT 0x10" > "$d/sys/devices/system/cpu/cpu0/cpuidle/state2/desc"
	# the Core 2 of the laptop dump has no ARAT
	run -0 --separate-stderr pmdiag-lapic --json --dump "$d" --cpuid "$DUMPS/laptop/cpuid.txt"
	assert_equal "$(jq -c '[.idle_states[] | "\(.name)=\(.stops_lapic_timer)"]' <<<"$output")" \
		'["POLL=false","C1=false","DEEP=true","C6=true"]'
	assert_equal "$(jq -r '.idle_states[2].decided_by' <<<"$output")" \
		"intel_idle, no ARAT: MWAIT 0x10 is deeper than C1"
	assert_equal "$(jq -c .verdict.stopping_states <<<"$output")" '["DEEP","C6"]'
}

@test "the kernel's log: intel_idle's word on the LAPIC timer against CPUID's ARAT" {
	# a CPU with ARAT and the real 3.10 log of a ThinkPad T410 (Westmere, ARAT; tests/klog/real)
	run -0 --separate-stderr pmdiag-lapic --json --dump "$DUMPS/hand-pstate-snb" \
		--dmesg "$TOP/tests/klog/real/abrt-thinkpad-t410-3.10.txt.xz"
	assert_equal "$(jq -r '.kernel_log[] | "\(.id) \(.verdict) \(.line) \(.said)"' <<<"$output")" \
		"lapic.arat agree 611 intel_idle: lapic_timer_reliable_states 0xffffffff"
	# a Core 2 without ARAT against a log that says it has it: another machine's log
	run -0 --separate-stderr pmdiag-lapic --json --dump "$DUMPS/laptop" --dmesg "$TOP/tests/klog/dmesg-4.9-intel.txt"
	assert_equal "$(jq -r '.kernel_log[] | "\(.id) \(.verdict) \(.line)"' <<<"$output")" "lapic.arat differ 23"
	assert_equal "$(jq -r '.kernel_log[0].predicted' <<<"$output")" \
		"intel_idle takes the LAPIC timer for reliable in C1 only (CPUID ARAT clear)"
	# no intel_idle line (6.x): no check
	run -0 --separate-stderr pmdiag-lapic --json --dump "$DUMPS/laptop" --dmesg "$DUMPS/hand-hpet-klog/klog.txt"
	assert_equal "$(jq -c .kernel_log <<<"$output")" "[]"
}
