#!/usr/bin/env bats
# pmdiag-report --json over every machine we have: each recorded dump in tests/dumps, each
# corpus acpidump (--acpidump), sysfs tree (--dump) and CPUID file (--cpuid). Every run
# exits 0 with no sanitizer report on stderr, prints one strict JSON document (no
# duplicate keys, no NaN), and that document is the schema of pmdiag-report(1) with the
# JSON conventions of pmdiag(7), as tests/bats/lib/report-schema.jq checks them.
# The tool runs once per machine, in setup_file; the tests judge the saved outputs.
load test_helper

SCHEMA_LIB="$TOP/tests/bats/lib"

# One line per machine: GROUP NAME OPTION PATH (tab-separated).
inputs() {
	local d f
	for d in "$DUMPS"/*/; do
		if [ -f "$d/manifest" ]; then printf 'dump\t%s\t--dump\t%s\n' "$(basename "$d")" "$d"; fi
	done
	[ -d "$CORPUS" ] || return 0
	for f in "$CORPUS"/acpi/*.acpidump.txt.xz; do
		if [ -f "$f" ]; then printf 'acpi\t%s\t--acpidump\t%s\n' "$(basename "$f" .acpidump.txt.xz)" "$f"; fi
	done
	for f in "$CORPUS"/sysfs/*.tar.*; do
		if [ -f "$f" ]; then printf 'sysfs\t%s\t--dump\t%s\n' "$(basename "$f")" "$f"; fi
	done
	for f in "$CORPUS"/cpuid/*; do
		if [ -f "$f" ] && [[ "$f" != *.csv ]]; then printf 'cpuid\t%s\t--cpuid\t%s\n' "$(basename "$f")" "$f"; fi
	done
}

setup_file() {
	export R="$BATS_FILE_TMPDIR/reports"
	mkdir -p "$R"
	inputs > "$R/list"
	# GROUP-NAME.json, .err and .rc; TEST_JOBS at once
	tr '\t' '\n' < "$R/list" | xargs -d '\n' -n 4 -P "$TEST_JOBS" sh -c \
		'pmdiag-report --json "$2" "$3" > "$R/$0-$1.json" 2> "$R/$0-$1.err"; echo $? > "$R/$0-$1.rc"'
}

# check_group GROUP MIN: the runs of GROUP (at least MIN) exited 0 without sanitizer
# text, and each printed one strict JSON document that passes the schema.
check_group() {
	local g="$1" min="$2" name n=0 bad="" f
	while IFS=$'\t' read -r grp name _ _; do
		[ "$grp" = "$g" ] || continue
		n=$((n + 1))
		f="$R/$g-$name"
		[ -f "$f.rc" ] || { bad+="$name: not run"$'\n'; continue; }
		[ "$(cat "$f.rc")" = 0 ] || bad+="$name: exit $(cat "$f.rc"): $(head -c 400 "$f.err")"$'\n'
		if grep -q -e Sanitizer -e 'runtime error' -e 'Segmentation fault' "$f.err"; then
			bad+="$name: $(head -c 400 "$f.err")"$'\n'
		fi
	done < "$R/list"
	[ "$n" -ge "$min" ] || fail "$g: only $n machines (at least $min expected)"
	[ -z "$bad" ] || fail "$bad"

	# Strict JSON: jq 1.6 takes NaN and duplicate keys, Python's parser is told not to.
	run python3 -c '
import json, sys
def pairs(kv):
    keys = [k for k, _ in kv]
    dup = sorted({k for k in keys if keys.count(k) > 1})
    if dup:
        raise ValueError("duplicate key " + ", ".join(dup))
    return dict(kv)
def const(c):
    raise ValueError("not JSON: " + c)
bad = 0
for name in sys.argv[1:]:
    try:
        with open(name, encoding="utf-8") as f:
            json.load(f, object_pairs_hook=pairs, parse_constant=const)
    except ValueError as e:
        print(name, e)
        bad += 1
sys.exit(1 if bad else 0)
' "$R/$g"-*.json
	[ "$status" -eq 0 ] || fail "$output"

	run jq -c -L "$SCHEMA_LIB" 'include "report-schema"; [input_filename, check]' "$R/$g"-*.json
	[ "$status" -eq 0 ] || fail "jq: $output"
	[ "${#lines[@]}" -eq "$n" ] || fail "$g: ${#lines[@]} documents from $n machines"
	bad=$(jq -r 'select(.[1] != true) | "\(.[0] | sub(".*/"; "")): \(.[1] | join("\n    "))"' <<< "$output")
	[ -z "$bad" ] || fail "$bad"
}

@test "the schema check finds what is wrong (a report altered in each way it checks)" {
	local doc="$R/dump-laptop.json" m got
	jq -e -L "$SCHEMA_LIB" 'include "report-schema"; check == true' "$doc" > /dev/null ||
		fail "laptop: $(jq -L "$SCHEMA_LIB" 'include "report-schema"; check' "$doc")"
	# alteration <TAB> what the check must say
	while IFS=$'\t' read -r m want; do
		got=$(jq "$m" "$doc" | jq -c -L "$SCHEMA_LIB" 'include "report-schema"; check')
		[[ "$got" == *"$want"* ]] || fail "after $m: wanted '$want', got $got"
	done <<'EOF'
.schema_version = 1	.schema_version: 1, not one of 2
.extra = 1	.extra: unknown key
del(.privacy)	.: no privacy
{schema_version, pmdiag_version, machine, findings} + .	.: sections in the order
.findings[0].severity = "fatal"	.findings[0].severity: \"fatal\", not one of critical, warning, info
.findings[0].probe = "lapic"	.findings[0]: probe lapic but id pstate.pss-turbo-disabled
.findings |= reverse	.findings: not ranked critical, warning, info
.findings[0].message = ""	.findings[0].message: \"\" does not match
del(.findings[0].advice)	.findings[0]: no advice
.summary.pstate.checks = []	.findings: the pstate findings (2) differ from .summary.pstate.checks (0)
.pstate.checks = []	.findings: the pstate findings (2) differ from .pstate.checks (0)
.summary.thermal.checks = [{name: "thermal.x", severity: "info", message: "m", advice: ""}]	.findings: the thermal findings (0) differ from .summary.thermal.checks (1)
del(.machine.kernel)	.machine: no kernel
.machine.cpu_family = null	.machine.cpu_family: null, not an integer >= 0
.machine.cpu_family = 6.5	.machine.cpu_family: 6.5, not an integer >= 0
del(.machine.cpu_brand)	.machine: cpu_vendor without cpu_brand
.sources.pci = null | .sources.pci_status = "absent"	.sources: either pci_status or host_bridge and isa_bridge
.sources.acpi_tables[0].checksum = "fine"	.sources.acpi_tables[0].checksum: \"fine\", not one of
.summary.hpet.verdict.present = "yes"	.summary.hpet.verdict.present: \"yes\" is none of boolean, null
.hpet.verdict.present = false	.hpet.verdict differs from .summary.hpet.verdict
del(.summary.race)	.summary: no race
.platform.thermal_zones[0].trips[0].temp_mc = 1.5	.platform.thermal_zones[0].trips[0].temp_mc: number 1.5, not integer
.summary.idle.interrupts = -1	.summary.idle.interrupts: -1, not an integer >= 0
.summary.idle.snapshots = null | .summary.idle.snapshots_status = "not_recorded"	.summary.idle: snapshots not read, yet
.machine.kernel = null | .machine.kernel_status = "gone"	.machine.kernel_status: \"gone\", not one of absent, unreadable, not_recorded, invalid
.machine.kernel_status = "absent"	.machine.kernel: has a status but is not null
.machine.x_status = "absent"	.machine.x_status: no x beside it
.machine.kernel_reason = "why"	.machine.kernel_reason: a reason without kernel_status
.machine.kernel = null | .machine.kernel_status = "absent" | .machine.kernel_reason = ""	.machine.kernel_reason: not a text
.summary.race.cpu_model = "0xABC"	.summary.race.cpu_model: \"0xABC\" is not a lower-case 0x... register value
.summary.race.meters.x = "0x1f" | .privacy.x = 31	.privacy.x: a number where x elsewhere is a 0x... string
EOF
}

@test "every recorded dump (tests/dumps): exit 0, strict JSON, the report schema" {
	check_group dump 30
}

@test "every corpus acpidump through --acpidump: exit 0, strict JSON, the report schema" {
	[ -d "$CORPUS/acpi" ] || skip "no corpus at $CORPUS (set PMD_CORPUS)"
	check_group acpi 150
}

@test "every corpus sysfs tree through --dump: exit 0, strict JSON, the report schema" {
	[ -d "$CORPUS/sysfs" ] || skip "no corpus at $CORPUS (set PMD_CORPUS)"
	check_group sysfs 5
}

@test "every corpus CPUID file through --cpuid: exit 0, strict JSON, the report schema" {
	[ -d "$CORPUS/cpuid" ] || skip "no corpus at $CORPUS (set PMD_CORPUS)"
	check_group cpuid 44
	# the CPU is the one in the file, whatever machine runs the test
	run jq -r '.machine.cpu_vendor' "$R"/cpuid-lcp-amd--zen4--*.json
	assert_output AuthenticAMD
}

@test "every finding ID any machine gives is documented: pmdiag-report(1), or its probe's page" {
	local id page undocumented=""
	for id in $(cat "$R"/*.json | jq -r '.findings[]?.id' | sort -u); do
		case "${id%%.*}" in
		thermal | pstate) page="$TOP/man/pmdiag-${id%%.*}.8" ;;
		*) page="$TOP/man/pmdiag-report.1" ;;
		esac
		grep -qE "(^|[[:space:]]|\\\\fB)${id//./\\.}([[:space:],]|\\\\f|\$)" "$page" ||
			undocumented+=" $id ($(basename "$page"))"
	done
	[ -z "$undocumented" ] || fail "not in the man pages:$undocumented"
}
