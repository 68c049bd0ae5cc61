#!/usr/bin/env bats
# pmdiag-lapic: every corpus CPU (three dump formats) against oracle-cpuid.csv, and the
# verdicts of recorded machines.
load test_helper

@test "every corpus CPU: vendor, family, model and ARAT equal the oracle" {
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
