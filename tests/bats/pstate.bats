#!/usr/bin/env bats
# pmdiag-pstate: the _PSS of every corpus machine against ACPICA (the oracles made with
# iasl and acpiexec, and iasl -d run here), the handmade MSR dumps against the tables
# worked out by hand in their README.md, the QEMU guests (no P-states), exit codes.
load test_helper

corpus() {
	[ -d "$CORPUS/acpi" ] || skip "no corpus at $CORPUS (set PMD_CORPUS)"
}

# one_pss F: the _PSS objects of corpus acpidump F against the oracles; its counts of
# constant tables and never-loaded _PSS into $BATS_TEST_TMPDIR/count-ID
one_pss() {
	local f=$1 id got want ours oracle bad
	id=$(basename "$f" .acpidump.txt.xz)
	corpus_result pstate "$id"
	[ "$status" -eq 0 ] || fail "$id: exit $status: $stderr"
	# pss_defs counts Name/Method (_PSS in the iasl -d text of each DSDT and SSDT. Its
	# early columns hold quoted commas: count from the end (pss_defs is NF-16).
	got=$(jq '.acpi_pss | length' <<<"$output")
	want=$(awk -F, -v id="$id" '$2 == id { print $(NF-16); exit }' "$CORPUS/acpi/oracle-hpet.csv")
	[ -n "$want" ] || fail "$id: not in oracle-hpet.csv"
	[ "$got" = "$want" ] || fail "$id: $got _PSS objects, oracle pss_defs $want"
	# oracle-pss.csv has one row per _PSS that acpiexec created: the constant ones
	# (const=name) must decode to the same table. A _PSS acpiexec did not create is
	# in a Scope of a processor object that does not exist when its table loads
	# (only External, or defined by a later SSDT: ACPICA's AE_NOT_FOUND, see
	# oracle-acpiexec-load.csv, agree_pss = 0): pmdiag must flag exactly those as
	# never loaded ("orphan"), and no other.
	ours=$(jq -r '.acpi_pss[] | "P \(.path)._PSS \(if .constant then "name" else "no" end) \(.orphan) " +
		(if .entries then [.entries[] | "\(.mhz)/\(.mw)/\(.latency_us)/\(.bm_latency_us)/0x\(.control[2:] | ascii_upcase)/0x\(.status[2:] | ascii_upcase)"] | join(";") else "-" end)' <<<"$output")
	oracle=$(awk -F, -v id="$id" '$2 == id { print "O", $3, $7, $6 }' "$CORPUS/acpi/oracle-pss.csv")
	bad=$(printf '%s\n%s\n' "$oracle" "$ours" | awk '
		$1 == "O" { oc[$2] = $3; ot[$2] = $4; next }
		$1 == "P" { pc[$2] = $3; po[$2] = $4; pt[$2] = $5 }
		END {
			for (p in oc) {
				if (!(p in pc)) { print p ": in the oracle, not found"; continue }
				if (po[p] != "false") print p ": flagged never loaded, acpiexec created it"
				if (pc[p] != oc[p]) print p ": constant " pc[p] ", oracle " oc[p]
				else if (oc[p] == "name" && pt[p] != ot[p]) print p ": table " pt[p] " != " ot[p]
			}
			for (p in pc)
				if (!(p in oc) && po[p] != "true") print p ": acpiexec did not create it, not flagged"
		}')
	[ -z "$bad" ] || fail "$id: $bad"
	echo "$(grep -c '^O .* name ' <<<"$oracle" || true) $(jq '[.acpi_pss[] | select(.orphan)] | length' <<<"$output")" > "$BATS_TEST_TMPDIR/count-$id"
}

@test "every corpus machine: _PSS count = pss_defs, tables = oracle-pss.csv, never-loaded ones explained" {
	oracle_test
	corpus
	corpus_eval pstate
	local files=("$CORPUS"/acpi/*.acpidump.txt.xz) nconst norphan
	[ "${#files[@]}" -ge 150 ] || fail "only ${#files[@]} corpus files"
	par_each one_pss "${files[@]}"
	read -r nconst norphan < <(cat "$BATS_TEST_TMPDIR"/count-* | awk '{ c += $1; o += $2 } END { print c + 0, o + 0 }')
	# the corpus has 590 constant tables and 110 _PSS in Scopes that never load
	[ "$nconst" -ge 590 ] || fail "only $nconst constant tables compared"
	[ "$norphan" -ge 110 ] || fail "only $norphan never-loaded _PSS"
}

# The Name (_PSS, Package ...) tables of one disassembled table: one line per _PSS,
# entries "mhz/mw/lat/bm/ctl/sts" in lower-case hex without leading zeros, ";"-joined.
iasl_pss() {
	awk '
		function norm(t) {
			if (t == "Zero") return "0x0"
			if (t == "One") return "0x1"
			if (t == "Ones") return "ones"
			t = tolower(t); sub(/^0x0*/, "0x", t); if (t == "0x") t = "0x0"
			return t
		}
		/Name \(_PSS, Package/ { inp = 1; depth = 0; n = 0; line = ""; next }
		inp && /\{/ { depth += gsub(/\{/, "{") }
		inp && /^ *(0x[0-9A-Fa-f]+|Zero|One|Ones) *,? *$/ {
			v = $1; sub(/,$/, "", v)
			line = line (n % 6 == 0 ? (n ? ";" : "") : "/") norm(v); n++
		}
		inp && /\}/ { depth -= gsub(/\}/, "}"); if (depth <= 0) { print line; inp = 0 } }
	' "$1"
}

# one_const_pss F: the constant _PSS tables of corpus acpidump F against iasl -d; how many
# it compared into $BATS_TEST_TMPDIR/count-ID
one_const_pss() {
	local f=$1 id tab dat ours theirs
	id=$(basename "$f" .acpidump.txt.xz)
	corpus_result pstate "$id"
	[ "$status" -eq 0 ] || fail "$id: exit $status: $stderr"
	local json="$output"
	# tables holding a constant Name (_PSS): SSDT<n> is acpixtract's ssdt<n>.dat
	local tables
	tables=$(jq -r '[.acpi_pss[] | select(.constant and .definition == "Name") | .table] | unique | .[]' <<<"$json")
	[ -n "$tables" ] || return 0
	local dir="$BATS_TEST_TMPDIR/$id"
	mkdir -p "$dir"
	xz -dc "$f" > "$dir/a.txt"
	(cd "$dir" && acpixtract -a a.txt > /dev/null) || fail "$id: acpixtract"
	for tab in $tables; do
		# acpixtract numbers a signature only when it occurs more than once
		dat="$dir/$(tr 'A-Z' 'a-z' <<<"$tab").dat"
		[ -f "$dat" ] || [ "$tab" != SSDT1 ] || dat="$dir/ssdt.dat"
		[ -f "$dat" ] || fail "$id: no $dat"
		iasl -d "$dat" > /dev/null 2>&1 || fail "$id: iasl -d $dat"
		theirs=$(iasl_pss "${dat%.dat}.dsl" | sort)
		# the constant tables ACPICA returns as they are (a Name the AML writes into is
		# "depends": its entries are not the machine's)
		ours=$(jq -r --arg t "$tab" '.acpi_pss[] | select(.constant and .provenance == "constant" and .definition == "Name" and .table == $t) |
			[.entries[] | "\(.mhz) \(.mw) \(.latency_us) \(.bm_latency_us) \(.control) \(.status)"] | join(";")' <<<"$json" |
			awk -F';' '{
				out = ""
				for (i = 1; i <= NF; i++) {
					split($i, v, " ")
					e = sprintf("0x%x/0x%x/0x%x/0x%x/%s/%s", v[1], v[2], v[3], v[4], v[5], v[6])
					out = out (i > 1 ? ";" : "") e
				}
				print out
			}' | sort)
		[ "$ours" = "$theirs" ] || fail "$id $tab: tables differ from iasl -d:
$(diff <(echo "$ours") <(echo "$theirs"))"
		grep -c . <<<"$theirs" >> "$BATS_TEST_TMPDIR/count-$id"
	done
	rm -rf "$dir"
}

@test "constant _PSS tables equal the iasl -d disassembly (every corpus machine with one)" {
	oracle_test
	corpus
	corpus_eval pstate
	local n
	par_each one_const_pss "$CORPUS"/acpi/*.acpidump.txt.xz
	n=$(cat "$BATS_TEST_TMPDIR"/count-* | awk '{ n += $1 } END { print n + 0 }')
	[ "$n" -ge 590 ] || fail "only $n _PSS tables compared with iasl -d"
}

@test "hand-pstate-snb: Sandy Bridge ratios, the turbo entry of a firmware with turbo off" {
	run -0 --separate-stderr pmdiag-pstate --json --dump "$DUMPS/hand-pstate-snb"
	[ -z "$stderr" ] || fail "$stderr"
	assert_equal "$(jq -r '.cpu.bus_khz' <<<"$output")" 100000
	assert_equal "$(jq -c '.msr.platform_info | [.max_non_turbo_mhz, .max_efficiency_mhz, .min_operating_ratio]' <<<"$output")" '[3400,1600,0]'
	assert_equal "$(jq -c '[.msr.turbo_ratio_limit.limits[] | [.active_cores, .turbo_mhz]]' <<<"$output")" '[[1,3800],[2,3700],[3,3600],[4,3500]]'
	assert_equal "$(jq -c '.msr.misc_enable | [.eist, .turbo_disabled]' <<<"$output")" '[true,true]'
	assert_equal "$(jq -r '.msr.hwp.enabled' <<<"$output")" false
	assert_equal "$(jq -c '[.msr.cpus[] | [.current_mhz, .requested_mhz]]' <<<"$output")" '[[1600,1600],[1600,1600]]'
	# the _PSS of the README: 3401 (ratio 38) then 3400..1600 by 100 MHz, power 95 W x (f/3400)^2
	assert_equal "$(jq -r '.acpi_pss[0] | "\(.path) \(.source) \(.entries | length)"' <<<"$output")" '\_PR.CPU0 constant: a Name 20'
	assert_equal "$(jq -c '.acpi_pss[0].entries[0]' <<<"$output")" '{"mhz":3401,"mw":95000,"latency_us":10,"bm_latency_us":10,"control":"0x2600","status":"0x2600"}'
	assert_equal "$(jq -r '[.acpi_pss[0].entries[] | .mhz] | join(" ")' <<<"$output")" \
		"3401 $(seq -s ' ' 3400 -100 1600)"
	assert_equal "$(jq -r '[.acpi_pss[0].entries[] | .mw] | join(" ")' <<<"$output")" \
		'95000 95000 89494 84152 78975 73962 69113 64429 59909 55554 51362 47336 43473 39775 36241 32872 29667 26626 23750 21038'
	assert_equal "$(jq -c '.acpi_pss[0] | [.ppc, .pct.control.space, .pct.status.space]' <<<"$output")" '[0,"FFixedHW","FFixedHW"]'
	# CPU1's _PSS is a Method returning CPU0's: not constant, evaluated by ACPICA to the same table
	assert_equal "$(jq -c '.acpi_pss[1] | [.path, .constant, .provenance]' <<<"$output")" '["\\_PR.CPU1",false,"evaluated"]'
	assert_equal "$(jq -c '.acpi_pss[1].entries == .acpi_pss[0].entries' <<<"$output")" true
	assert_equal "$(jq -r '[.checks[] | "\(.severity) \(.name)"] | join(", ")' <<<"$output")" \
		'warning pstate.pss-turbo-disabled, warning pstate.turbo-disabled-firmware'
	assert_equal "$(jq -c '[.effective_mhz[] | [.cpu, .avg_mhz, .busy_pct, .bzy_mhz, .tsc_mhz]]' <<<"$output")" \
		'[[0,192,12,1600,3400],[1,32,2,1600,3400]]'
	run -0 pmdiag-pstate --dump "$DUMPS/hand-pstate-snb"
	assert_line "  MSR_PLATFORM_INFO:       max non-turbo 34 (3400 MHz), max efficiency 16 (1600 MHz), min operating not reported"
	assert_line "  Turbo ratio limits:      1 core 38 (3800 MHz), 2 cores 37 (3700 MHz), 3 cores 36 (3600 MHz), 4 cores 35 (3500 MHz)"
	assert_line "  0   3401  95000  10          10             0x2600   0x2600  38 (3800 MHz)"
	assert_line --partial "warning pstate.pss-turbo-disabled: \\_PR.CPU0._PSS entry 0 (3401 MHz = base + 1) stands for turbo, but turbo is disabled in IA32_MISC_ENABLE"
}

@test "hand-pstate-skl: HWP capabilities and requests, a policy capped by the user" {
	run -0 --separate-stderr pmdiag-pstate --json --dump "$DUMPS/hand-pstate-skl"
	[ -z "$stderr" ] || fail "$stderr"
	assert_equal "$(jq -r '.cpufreq.driver' <<<"$output")" 'intel_pstate (active mode)'
	assert_equal "$(jq -c '.msr.hwp | [.enabled, .capabilities.highest_mhz, .capabilities.guaranteed_mhz, .capabilities.most_efficient_mhz, .capabilities.lowest_mhz]' <<<"$output")" '[true,3200,2200,800,400]'
	assert_equal "$(jq -c '.msr.hwp.request | [.min_ratio, .max_ratio, .desired_ratio, .epp]' <<<"$output")" '[4,32,0,128]'
	assert_equal "$(jq -r '.msr.energy_perf_bias.value' <<<"$output")" 6
	assert_equal "$(jq -c '[.msr.cpus[] | .registers.hwp_request]' <<<"$output")" \
		'["0x0000000080002004","0x0000000080002004","0x0000000080002004","0x0000000080001604"]'
	assert_equal "$(jq -c '[.cpufreq.policies[] | .scaling_max_khz]' <<<"$output")" '[3200000,3200000,3200000,2200000]'
	assert_equal "$(jq -c '[.cpufreq.policies[] | .acpi_path]' <<<"$output")" '["\\_SB.PR00","\\_SB.PR01","\\_SB.PR02","\\_SB.PR03"]'
	assert_equal "$(jq -r '[.checks[] | "\(.severity) \(.name)"] | join(", ")' <<<"$output")" \
		'info pstate.scaling-max-limited, info pstate.hwp-narrow, info pstate.cpus-disagree'
	assert_equal "$(jq -r '.checks[1].message' <<<"$output")" \
		'CPU 3: IA32_HWP_REQUEST min 4 max 22 is narrower than the capabilities (lowest 4, highest 32)'
	assert_equal "$(jq -c '[.effective_mhz[] | [.avg_mhz, .busy_pct, .bzy_mhz]]' <<<"$output")" \
		'[[700,25,2800],[90,5,1800],[8,1,800],[1100,50,2200]]'
	assert_equal "$(jq -c '[.acpi_pss[0].entries[] | .control] | .[0:3]' <<<"$output")" '["0x2000","0x1600","0x1400"]'
}

@test "hand-pstate-k10: family 10h PStateDefs by hand, the firmware's _PPC cap" {
	run -0 --separate-stderr pmdiag-pstate --json --dump "$DUMPS/hand-pstate-k10"
	[ -z "$stderr" ] || fail "$stderr"
	assert_equal "$(jq -r '.msr.pstate_formula' <<<"$output")" '100 * (FID + 0x10) / 2^DID'
	assert_equal "$(jq -c '[.msr.pstates[] | [.enabled, .fid, .did, .mhz]]' <<<"$output")" \
		'[[true,14,0,3000],[true,7,0,2300],[true,2,0,1800],[true,0,1,800],[false,0,0,null],[false,0,0,null],[false,0,0,null],[false,0,0,null]]'
	assert_equal "$(jq -c '[.msr.cpus[] | [.current_pstate, .requested_pstate]]' <<<"$output")" '[[1,1],[3,3],[3,3],[3,3]]'
	assert_equal "$(jq -c '.msr.hwcr.cpb_disabled' <<<"$output")" false
	assert_equal "$(jq -c '[.acpi_pss[] | .ppc]' <<<"$output")" '[1,1,1,1]'
	assert_equal "$(jq -r '[.checks[] | "\(.severity) \(.name)"] | join(", ")' <<<"$output")" \
		'warning pstate.ppc-limit, warning pstate.bios-limit'
	assert_equal "$(jq -r '.checks[1].message' <<<"$output")" \
		'policy0, policy1, policy2, policy3: bios_limit 2300 MHz is below cpuinfo_max_freq 3000 MHz'
	assert_equal "$(jq -c '[.effective_mhz[] | .bzy_mhz]' <<<"$output")" '[2300,800,800,800]'
	run -0 pmdiag-pstate --dump "$DUMPS/hand-pstate-k10"
	assert_line "    P3       0x8000001148405c40  yes      0    1    800"
	assert_line "  0  3000  125000  100         9              0x0      0x0     P0"
}

@test "hand-pstate-zen: family 17h PStateDefs by hand, a CPU held below what it asked" {
	run -0 --separate-stderr pmdiag-pstate --json --dump "$DUMPS/hand-pstate-zen"
	[ -z "$stderr" ] || fail "$stderr"
	assert_equal "$(jq -r '.msr.pstate_formula' <<<"$output")" '200 * FID / DID'
	assert_equal "$(jq -c '[.msr.pstates[0:3][] | [.raw, .fid, .did, .mhz]]' <<<"$output")" \
		'[["0x8000000056880890",144,8,3600],["0x80000000479a0840",64,8,1600],["0x80000000461c0834",52,8,1300]]'
	assert_equal "$(jq -c '.msr.pstate_cur_limit | [.cur_pstate_limit, .pstate_max_val]' <<<"$output")" '[1,2]'
	assert_equal "$(jq -c '.msr.cpus[0] | [.requested_pstate, .current_pstate]' <<<"$output")" '[0,1]'
	assert_equal "$(jq -c '[.acpi_pss[0].entries[] | .mhz]' <<<"$output")" '[3600,1600,1300]'
	assert_equal "$(jq -r '.acpi_pss[0].source' <<<"$output")" 'constant: a Name'
	assert_equal "$(jq -r '[.checks[] | "\(.severity) \(.name): \(.message)"] | join("\n")' <<<"$output")" \
		'warning pstate.amd-pstate-limit: PStateCurLim allows only P1 (1600 MHz) and slower (P0 is 3600 MHz); running slower than requested: CPU 0'
	assert_equal "$(jq -c '[.effective_mhz[] | .bzy_mhz] | unique' <<<"$output")" '[1300,1600]'
	assert_equal "$(jq -c '.effective_mhz[0] | [.avg_mhz, .busy_pct, .tsc_mhz]' <<<"$output")" '[960,60,3600]'
}

@test "hand-pstate-zen3: amd-pstate in active mode, CPPC capabilities and request decoded" {
	run -0 --separate-stderr pmdiag-pstate --json --dump "$DUMPS/hand-pstate-zen3"
	[ -z "$stderr" ] || fail "$stderr"
	assert_equal "$(jq -c '.cpufreq | [.driver, .amd_pstate]' <<<"$output")" '["amd-pstate-epp (active mode)","active"]'
	assert_equal "$(jq -c '[.cpufreq.policies[] | [.driver, .governor, .cpuinfo_min_khz, .cpuinfo_max_khz, .boost, .energy_performance_preference]] | unique' <<<"$output")" \
		'[["amd-pstate-epp","powersave",400000,4400000,true,"balance_performance"]]'
	# CPPC_CAP1 0xA5783C0F, CPPC_REQ 0x80000FA5 (README.md)
	assert_equal "$(jq -c '.msr.cppc' <<<"$output")" \
		'{"enabled":true,"highest":165,"nominal":120,"lowest_nonlinear":60,"lowest":15,"request":{"max":165,"min":15,"desired":0,"epp":128}}'
	assert_equal "$(jq -c '.msr.cpus[0].registers | [.cppc_cap1, .cppc_enable, .cppc_req]' <<<"$output")" \
		'["0x00000000a5783c0f","0x0000000000000001","0x0000000080000fa5"]'
	assert_equal "$(jq -c '[.msr.pstates[0:3][] | .mhz]' <<<"$output")" '[3200,1600,1200]'
	assert_equal "$(jq -c '.checks' <<<"$output")" '[]'
	assert_equal "$(jq -c '[.effective_mhz[] | [.avg_mhz, .busy_pct, .bzy_mhz, .tsc_mhz]]' <<<"$output")" \
		'[[1320,30,4400,3200],[32,2,1600,3200],[32,2,1600,3200],[32,2,1600,3200]]'
	run -0 pmdiag-pstate --dump "$DUMPS/hand-pstate-zen3"
	assert_line --regexp '^P-states: +amd-pstate-epp \(active mode\), 4 policies; '
	assert_line "  Driver:     amd-pstate-epp (active mode)"
	assert_line "  amd_pstate: active"
	assert_line "  CPPC capabilities: highest 165, nominal 120, lowest non-linear 60, lowest 15"
	assert_line "  CPPC request:      min 15, max 165, desired 0, EPP 0x80"
	assert_line "    0    P0 (3200 MHz)  P0 (3200 MHz)  15-165"
	assert_line --regexp '^  CPUID flags: .*CPPC$'
	# the same machine in passive mode (driver amd-pstate), its cpuinfo_max_freq below P0
	local d="$BATS_TEST_TMPDIR/zen3"
	cp -r "$DUMPS/hand-pstate-zen3" "$d"
	echo passive > "$d/sys/devices/system/cpu/amd_pstate/status"
	for f in "$d"/sys/devices/system/cpu/cpufreq/policy*/scaling_driver; do echo amd-pstate > "$f"; done
	echo 3000000 > "$d/sys/devices/system/cpu/cpufreq/policy0/cpuinfo_max_freq"
	run -0 --separate-stderr pmdiag-pstate --json --dump "$d"
	assert_equal "$(jq -r '.cpufreq.driver' <<<"$output")" 'amd-pstate (passive mode)'
	assert_equal "$(jq -r '[.checks[] | "\(.severity) \(.name): \(.message)"] | join("\n")' <<<"$output")" \
		'warning pstate.cpufreq-vs-msr: policy0: cpuinfo_max_freq 3000 MHz is below the highest P-state (PStateDef0, 3200 MHz)'
	# CPPC switched off: no capabilities decoded, said so
	sed -i 's/^\([0-9]* 0xc00102b1 \)0x0000000000000001/\10x0000000000000000/' "$d/msr.txt"
	run -0 --separate-stderr pmdiag-pstate --json --dump "$d"
	assert_equal "$(jq -c '.msr.cppc' <<<"$output")" '{"enabled":false}'
}

@test "hand-pstate-icl: intel_pstate in passive mode (intel_cpufreq), turbo off by the OS" {
	run -0 --separate-stderr pmdiag-pstate --json --dump "$DUMPS/hand-pstate-icl"
	[ -z "$stderr" ] || fail "$stderr"
	assert_equal "$(jq -c '.cpufreq | [.driver, .intel_pstate, .no_turbo, .min_perf_pct, .max_perf_pct]' <<<"$output")" \
		'["intel_cpufreq (passive mode)","passive",true,10,100]'
	assert_equal "$(jq -c '[.cpufreq.policies[] | [.driver, .governor, .cpuinfo_min_khz, .cpuinfo_max_khz, .transition_latency_ns, .available_khz_status]] | unique' <<<"$output")" \
		'[["intel_cpufreq","schedutil",400000,1100000,20000,"absent"]]'
	assert_equal "$(jq -c '[.cpufreq.policies[] | .acpi_path]' <<<"$output")" '["\\_SB.PR00","\\_SB.PR01","\\_SB.PR02","\\_SB.PR03"]'
	assert_equal "$(jq -c '.msr.platform_info | [.max_non_turbo_mhz, .max_efficiency_mhz, .min_operating_mhz]' <<<"$output")" '[1100,400,400]'
	assert_equal "$(jq -c '[.msr.turbo_ratio_limit.limits[] | .turbo_mhz]' <<<"$output")" '[3700,3600,3300,3300]'
	assert_equal "$(jq -c '[.msr.hwp.enabled, .msr.misc_enable.turbo_disabled]' <<<"$output")" '[false,false]'
	assert_equal "$(jq -c '[.msr.cpus[] | .requested_mhz]' <<<"$output")" '[1100,800,400,400]'
	assert_equal "$(jq -r '[.checks[] | "\(.severity) \(.name): \(.message)"] | join("\n")' <<<"$output")" \
		'info pstate.turbo-disabled-os: turbo is disabled by the OS (intel_pstate/no_turbo = 1)'
	run -0 pmdiag-pstate --dump "$DUMPS/hand-pstate-icl"
	assert_line --regexp '^P-states: +intel_cpufreq \(passive mode\), 4 policies; '
	assert_line "  Driver:                intel_cpufreq (passive mode)"
	assert_line "  intel_pstate:          passive"
	assert_line "  intel_pstate no_turbo: yes"
	assert_line "  HWP:                     supported, not enabled"
	# with no_turbo intel_pstate reports the base frequency: 3700 MHz is a disagreement
	local d="$BATS_TEST_TMPDIR/icl"
	cp -r "$DUMPS/hand-pstate-icl" "$d"
	echo 3700000 > "$d/sys/devices/system/cpu/cpufreq/policy0/cpuinfo_max_freq"
	run -0 --separate-stderr pmdiag-pstate --json --dump "$d"
	assert_equal "$(jq -r '.checks[] | select(.name == "pstate.cpufreq-vs-msr") | "\(.severity) \(.message)"' <<<"$output")" \
		'warning policy0: cpuinfo_max_freq 3700 MHz, but the base ratio is 1100 MHz'
	# ... and without no_turbo 3700 MHz is the 1-core turbo ratio, as intel_pstate sets it
	echo 0 > "$d/sys/devices/system/cpu/intel_pstate/no_turbo"
	echo 3700000 > "$d/sys/devices/system/cpu/cpufreq/policy0/scaling_max_freq"
	run -0 --separate-stderr pmdiag-pstate --json --dump "$d"
	assert_equal "$(jq -c '[.checks[] | .name]' <<<"$output")" '[]'
}

@test "a firmware _PSS Linux refuses: pstate.pss-malformed names the entry" {
	local aml="$BATS_TEST_TMPDIR/bad"
	cat > "$aml.asl" <<'EOF2'
DefinitionBlock ("", "SSDT", 2, "PMDIAG", "BADPSS", 1)
{
    External (\_SB_.CPUS.C000, ProcessorObj)
    Scope (\_SB.CPUS.C000)
    {
        Name (_PSS, Package ()
        {
            Package () { 2000, 10000, 10, 10, 0, 0 },
            Package () { 1000, 5000, 10, 10, 1 }
        })
    }
}
EOF2
	# iasl refuses a 5-integer _PSS entry; -f writes the AML all the same, as firmware does
	iasl -f -p "$aml" "$aml.asl" > /dev/null 2>&1
	[ -s "$aml.aml" ] || fail "iasl -f wrote no AML"
	{
		cat "$DUMPS/qemu-q35/acpidump.txt"
		echo "SSDT @ 0x0000000000000000"
		od -An -tx1 -v -w16 "$aml.aml" | awk '{ printf "    %04X:", (NR - 1) * 16
			for (i = 1; i <= NF; i++) printf " %s", toupper($i); print "" }'
		echo
	} > "$BATS_TEST_TMPDIR/tables.txt"
	run -0 --separate-stderr pmdiag-pstate --json --dump "$DUMPS/qemu-q35" --acpidump "$BATS_TEST_TMPDIR/tables.txt"
	assert_equal "$(jq -c '.acpi_pss[0] | [.path, .table, .problem, .entries]' <<<"$output")" \
		'["\\_SB.CPUS.C000","SSDT1","entry 1 is not a package of 6 integers",null]'
	assert_equal "$(jq -r '.checks[] | select(.name == "pstate.pss-malformed") | "\(.severity) \(.message)"' <<<"$output")" \
		'warning \_SB.CPUS.C000._PSS (SSDT1): entry 1 is not a package of 6 integers'
	run -0 --separate-stderr pmdiag-pstate --dump "$DUMPS/qemu-q35" --acpidump "$BATS_TEST_TMPDIR/tables.txt"
	assert_line "  Malformed: entry 1 is not a package of 6 integers"
}

@test "QEMU guests: no _PSS and no cpufreq said plainly; with a _PSS, cpufreq agrees with it" {
	local m n=0 npss=0
	for m in $(machines); do
		case "$m" in qemu-*) ;; *) continue ;; esac
		run -0 --separate-stderr pmdiag-pstate --json --dump "$DUMPS/$m"
		local json="$output"
		if [ "$(jq '.acpi_pss | length' <<<"$json")" = 0 ]; then
			run -0 --separate-stderr pmdiag-pstate --dump "$DUMPS/$m"
			assert_line --regexp '^P-states: +no cpufreq driver; no ACPI _PSS; '
			assert_line "  Driver: none: no cpufreq driver is bound, the kernel does not change this CPU's frequency"
			assert_line --partial "info pstate.no-pstates: no P-state control: no cpufreq driver and no ACPI _PSS (a virtual machine: CPUID hypervisor bit)"
		elif [ "$(jq -r '.cpufreq.driver' <<<"$json")" = acpi-cpufreq ]; then
			# acpi-cpufreq bound to the SSDT's _PSS: every policy lists its states
			local pss
			pss=$(jq -c '[.acpi_pss[] | select(.constant)][0].entries | map(.mhz * 1000)' <<<"$json")
			[ "$pss" != null ] || fail "$m: no constant _PSS"
			assert_equal "$(jq -c '[.cpufreq.policies[] | .available_khz] | unique' <<<"$json")" "[$pss]"
			assert_equal "$(jq -c '[.cpufreq.policies[] | .cpuinfo_max_khz] | unique' <<<"$json")" "[$(jq '.[0]' <<<"$pss")]"
			assert_equal "$(jq -c '[.checks[] | select(.name | test("cpufreq-vs|pss-"))]' <<<"$json")" '[]'
			npss=$((npss + 1))
		else
			# a _PSS acpi-cpufreq refused: the tool says why
			assert_equal "$(jq -r '[.checks[] | select(.name == "pstate.pss-no-cpufreq")] | length' <<<"$json")" 1
		fi
		n=$((n + 1))
	done
	[ "$n" -ge 1 ] || skip "no QEMU dump"
}

@test "a guest whose firmware declares _PSS: why no driver bound" {
	local aml="$BATS_TEST_TMPDIR/pss"
	cat > "$aml.asl" <<'EOF'
DefinitionBlock ("", "SSDT", 2, "PMDIAG", "VMPSS", 1)
{
    External (\_SB_.CPUS.C000, ProcessorObj)
    Scope (\_SB.CPUS.C000)
    {
        Name (_PCT, Package (0x02)
        {
            ResourceTemplate () { Register (FFixedHW, 0x00, 0x00, 0x0000000000000000, ,) },
            ResourceTemplate () { Register (FFixedHW, 0x00, 0x00, 0x0000000000000000, ,) }
        })
        Name (_PSS, Package (0x02)
        {
            Package (0x06) { 2000, 10000, 10, 10, 0, 0 },
            Package (0x06) { 1000, 5000, 10, 10, 1, 1 }
        })
        Name (_PPC, Zero)
    }
}
EOF
	iasl -p "$aml" "$aml.asl" > /dev/null 2>&1 || fail "iasl"
	{
		cat "$DUMPS/qemu-q35/acpidump.txt"
		echo "SSDT @ 0x0000000000000000"
		od -An -tx1 -v -w16 "$aml.aml" | awk '{ printf "    %04X:", (NR - 1) * 16
			for (i = 1; i <= NF; i++) printf " %s", toupper($i); print "" }'
		echo
	} > "$BATS_TEST_TMPDIR/tables.txt"
	run -0 --separate-stderr pmdiag-pstate --json --dump "$DUMPS/qemu-q35" --acpidump "$BATS_TEST_TMPDIR/tables.txt"
	assert_equal "$(jq -c '.acpi_pss[0] | [.path, .processor, .table, [.entries[] | .mhz]]' <<<"$output")" \
		'["\\_SB.CPUS.C000","Processor","SSDT1",[2000,1000]]'
	assert_equal "$(jq -r '.checks[] | select(.name == "pstate.pss-no-cpufreq") | .severity' <<<"$output")" info
	local msg
	msg=$(jq -r '.checks[] | select(.name == "pstate.pss-no-cpufreq") | .message' <<<"$output")
	[[ "$msg" == *"_PCT is FFixedHW and CPUID has no HwPstate"* ]] || fail "$msg"
	[[ "$msg" == *"a virtual machine (CPUID hypervisor bit)"* ]] || fail "$msg"
}

# ssdt_text AML [ADDR]: the table in file AML as an acpidump text block, at address ADDR
ssdt_text() {
	printf '%s @ 0x%016X\n' "${3:-SSDT}" "${2:-0}"
	od -An -tx1 -v -w16 "$1" | awk '{ printf "    %04X:", (NR - 1) * 16
		for (i = 1; i <= NF; i++) printf " %s", toupper($i); print "" }'
	echo
}
# asl NAME < ASL: compile it into $BATS_TEST_TMPDIR/NAME.aml
asl() {
	cat > "$BATS_TEST_TMPDIR/$1.asl"
	iasl -p "$BATS_TEST_TMPDIR/$1" "$BATS_TEST_TMPDIR/$1.asl" > /dev/null 2>&1 || fail "iasl $1"
}
# ppc_check ARGS...: "severity message" of pstate.ppc-limit for pmdiag-pstate ARGS
ppc_check() {
	run -0 --separate-stderr pmdiag-pstate --json "$@"
	[ -z "$stderr" ] || fail "$stderr"
	output=$(jq -r '.checks[] | select(.name == "pstate.ppc-limit") | "\(.severity) \(.message)"' <<<"$output")
}

@test "a _PPC cap is judged by the cpufreq driver that would apply it (pstate.ppc-limit)" {
	local t="$BATS_TEST_TMPDIR" base='\_SB.CPUS.C000._PPC = 2: only 2800 MHz and below are allowed (the top _PSS state is 3401 MHz); '
	# Sandy Bridge ratios (control = MHz / 100 << 8) under a turbo entry, capped at entry 2
	asl ppc <<'EOF2'
DefinitionBlock ("", "SSDT", 2, "PMDIAG", "PPCCAP", 1)
{
    External (\_SB_.CPUS.C000, ProcessorObj)
    Scope (\_SB.CPUS.C000)
    {
        Name (_PCT, Package (0x02)
        {
            ResourceTemplate () { Register (FFixedHW, 0x00, 0x00, 0x0000000000000000, ,) },
            ResourceTemplate () { Register (FFixedHW, 0x00, 0x00, 0x0000000000000000, ,) }
        })
        Name (_PSS, Package (0x04)
        {
            Package (0x06) { 3401, 95000, 10, 10, 0x2600, 0x2600 },
            Package (0x06) { 3400, 95000, 10, 10, 0x2200, 0x2200 },
            Package (0x06) { 2800, 70000, 10, 10, 0x1C00, 0x1C00 },
            Package (0x06) { 1600, 35000, 10, 10, 0x1000, 0x1000 }
        })
        Name (_PPC, 0x02)
    }
}
EOF2
	{ cat "$DUMPS/qemu-q35/acpidump.txt"; ssdt_text "$t/ppc.aml"; } > "$t/tables.txt"
	# an acpidump alone: no driver, no CPU: it depends, said with what it depends on
	ppc_check --acpidump "$t/tables.txt"
	assert_equal "$output" "info ${base}whether it applies depends on the cpufreq driver: no cpufreq driver or CPUID recorded (FADT profile Unspecified); these control values are Intel ratios (Sandy Bridge or later, where intel_pstate is the default)"
	# the CPU known: the driver the kernel picks for it
	ppc_check --acpidump "$t/tables.txt" --cpuid "$DUMPS/laptop/cpuid.txt"
	assert_equal "$output" "warning ${base}acpi-cpufreq applies it (intel_pstate does not drive family 0x6 model 0x17 in CPUID: no HWP, not in its model table)"
	ppc_check --acpidump "$t/tables.txt" --cpuid "$DUMPS/hand-pstate-snb/cpuid.txt"
	assert_equal "$output" "info ${base}intel_pstate ignores it (the default for family 0x6 model 0x3a in CPUID, command line not recorded): the FADT profile is Unspecified, not a server (intel_pstate=support_acpi_ppc would make it apply it)"
	ppc_check --acpidump "$t/tables.txt" --cpuid "$DUMPS/hand-pstate-skl/cpuid.txt"
	assert_equal "$output" "info ${base}intel_pstate ignores it with HWP on (the default for family 0x6 model 0x66 in CPUID, command line not recorded; HWP with EPP in CPUID: intel_pstate enables it)"
	# on a server FADT profile intel_pstate applies _PPC (without HWP)
	python3 - "$t/tables.txt" > "$t/server.txt" <<'EOF2'
import re, sys
out, cur, data = [], None, bytearray()
def flush():
    if cur == "FACP":
        data[45] = 4                          # Preferred_PM_Profile: Enterprise Server
        data[9] = (data[9] - sum(data)) & 0xFF  # the checksum again
    if cur:
        for off in range(0, len(data), 16):
            out.append("    %04X: %s" % (off, " ".join("%02X" % b for b in data[off:off + 16])))
        out.append("")
for line in open(sys.argv[1]).read().splitlines():
    m = re.match(r"^(\w{4}) @ ", line)
    if m:
        flush(); cur, data = m.group(1), bytearray(); out.append(line)
    else:
        # the bytes: up to 16 pairs of hex digits after the offset, one space apart
        m = re.match(r"^\s+[0-9A-Fa-f]+: ((?:[0-9A-Fa-f]{2}(?: |$)){1,16})", line)
        if m:
            data += bytes.fromhex(m.group(1))
flush()
print("\n".join(out))
EOF2
	ppc_check --acpidump "$t/server.txt" --cpuid "$DUMPS/hand-pstate-snb/cpuid.txt"
	assert_equal "$output" "warning ${base}intel_pstate applies it (the default for family 0x6 model 0x3a in CPUID, command line not recorded): the FADT profile is Enterprise Server"
	# the driver that runs (scaling_driver), with the command line it was booted with
	cp -r "$DUMPS/hand-pstate-snb" "$t/d"
	ppc_check --dump "$t/d" --acpidump "$t/tables.txt"
	assert_equal "$output" "warning ${base}acpi-cpufreq applies it (scaling_driver)"
	local f
	for f in "$t"/d/sys/devices/system/cpu/cpufreq/policy*/scaling_driver; do echo intel_cpufreq > "$f"; done
	sed -i 's/intel_pstate=disable/intel_pstate=passive/' "$t/d/proc/cmdline"
	ppc_check --dump "$t/d" --acpidump "$t/tables.txt"
	assert_equal "$output" "info ${base}intel_cpufreq ignores it (scaling_driver): the FADT profile is Unspecified, not a server, and no intel_pstate=support_acpi_ppc"
	sed -i 's/$/ intel_pstate=support_acpi_ppc/' "$t/d/proc/cmdline"
	ppc_check --dump "$t/d" --acpidump "$t/tables.txt"
	assert_equal "$output" "warning ${base}intel_cpufreq applies it (scaling_driver): booted with intel_pstate=support_acpi_ppc"
	sed -i 's/$/ processor.ignore_ppc=1/' "$t/d/proc/cmdline"
	ppc_check --dump "$t/d" --acpidump "$t/tables.txt"
	assert_equal "$output" "info ${base}booted with processor.ignore_ppc=1: the kernel ignores it"
}

@test "Intel's unfilled Cpu0Ist template: pstate.pss-template, unless the kernel loads that copy" {
	local t="$BATS_TEST_TMPDIR" p='\_SB.CPUS.C000._PSS' e
	e=$(printf '0x80000000, %.0s' 1 2 3 4 5); e="Package (0x06) { ${e}0x80000000 }"
	# the reference code's processor table, as a firmware image holds it
	asl ist <<EOF2
DefinitionBlock ("", "SSDT", 1, "PmRef", "Cpu0Ist", 0x00003000)
{
    External (\_SB_.CPUS.C000, ProcessorObj)
    Scope (\_SB.CPUS.C000)
    {
        Name (_PPC, Zero)
        Name (_PSS, Package (0x03) { $e, $e, $e })
    }
}
EOF2
	# its loader, which _PDC/_OSC reads: unfilled too, then filled by a running firmware
	asl pm <<'EOF2'
DefinitionBlock ("", "SSDT", 1, "PmRef", "CpuPm", 0x00003000)
{
    Scope (\) { Name (SSDT, Package (0x03) { "CPU0IST ", 0x80000000, 0x80000000 }) }
}
EOF2
	sed 's/"CPU0IST ", 0x80000000, 0x80000000/"CPU0IST ", 0xBAF1C018, 0x0000051C/' "$t/pm.asl" |
		asl pmfilled
	local q="$DUMPS/qemu-q35/acpidump.txt" ask
	ask() {
		run -0 --separate-stderr pmdiag-pstate --json --acpidump "$1"
		[ -z "$stderr" ] || fail "$stderr"
		output=$(jq -r '.checks[] | select(.name | test("pss-template|pss-dropped")) | "\(.severity) \(.name) \(.message)"' <<<"$output")
	}
	local tmpl="info pstate.pss-template $p (SSDT2, PmRef Cpu0Ist): all 3 entries are the placeholder 0x80000000 of Intel's reference code, a template the firmware fills in memory before _PDC/_OSC loads the table; "
	{ cat "$q"; ssdt_text "$t/pm.aml"; ssdt_text "$t/ist.aml"; } > "$t/image.txt"
	ask "$t/image.txt"
	assert_equal "$output" "${tmpl}the loader \\SSDT (SSDT1) still gives the placeholder 0x80000000 as the address of Cpu0Ist: the dump holds the firmware's unfilled templates (as a dump of the firmware image does), not the tables a running kernel loaded"
	{ cat "$q"; ssdt_text "$t/ist.aml"; } > "$t/alone.txt"
	ask "$t/alone.txt"
	assert_equal "$output" "${tmpl/SSDT2/SSDT1}nothing in this dump says whether the kernel loaded this copy (no root table with table addresses, no loader naming it)"
	# what the kernel loaded: the loader filled, and this copy still holds the placeholders
	{ cat "$q"; ssdt_text "$t/pmfilled.aml"; ssdt_text "$t/ist.aml"; } > "$t/loaded.txt"
	ask "$t/loaded.txt"
	assert_equal "$output" "warning pstate.pss-dropped $p entry 0 claims 2147483648 MHz; the kernel drops 3 of 3 entries; Intel's unfilled template, and the loader \\SSDT (SSDT1) gives Cpu0Ist at 0xbaf1c018, filled by the firmware: this copy is what _PDC/_OSC loaded from there, placeholders and all"
	# a root table with addresses says whether the kernel loads the table at boot
	local x
	for x in 0xBAF1C018 0x7FFE1000; do
		python3 -c 'import struct, sys
a = [int(v, 16) for v in sys.argv[2:]]
b = bytearray(b"XSDT" + struct.pack("<I", 36 + 8 * len(a)) + b"\x01\x00PMDIAGTESTXSDT" + struct.pack("<I", 1) + b"INTL" + struct.pack("<I", 1))
b += b"".join(struct.pack("<Q", v) for v in a)
b[9] = -sum(b) & 0xFF
open(sys.argv[1], "wb").write(b)' "$t/xsdt.bin" 0x7FFE0000 "$x"
		{ cat "$q"; ssdt_text "$t/xsdt.bin" 0x7FFD0000 XSDT; ssdt_text "$t/ist.aml" 0xBAF1C018; } > "$t/xsdt.txt"
		ask "$t/xsdt.txt"
		if [ "$x" = 0xBAF1C018 ]; then
			assert_equal "$output" "warning pstate.pss-dropped $p entry 0 claims 2147483648 MHz; the kernel drops 3 of 3 entries; Intel's unfilled template, and the XSDT lists SSDT1: the kernel loads it at boot as it is"
		else
			assert_equal "$output" "${tmpl/SSDT2/SSDT1}the XSDT does not list it: the firmware's _PDC/_OSC loads it at run time (Load), from a copy it fills first"
		fi
	done
	# the kernel's log shows that copy loaded unfilled: every entry dropped, a defect
	printf '%s\n' '[    0.000000] Linux version 6.1.0-18-amd64 (debian-kernel@lists.debian.org) #1 SMP' \
		'[    1.000000] ACPI: [Firmware Bug]: Invalid BIOS _PSS frequency found for processor 0: 0x80000000 MHz' \
		'[    1.000001] ACPI: [Firmware Bug]: No valid BIOS _PSS frequency found for processor 0' > "$t/k.txt"
	run -0 pmdiag-pstate --json --acpidump "$t/alone.txt" --dmesg "$t/k.txt"
	assert_equal "$(jq -r '.checks[] | select(.name == "pstate.pss-template") | "\(.severity) \(.advice)"' <<<"$output")" \
		"warning report it to the vendor: the firmware loads the template before filling it"
	assert_regex "$(jq -r '.checks[] | select(.name == "pstate.pss-template") | .message' <<<"$output")" \
		"; the kernel's log shows it loaded, unfilled \\(line 2\\): its CPUs have no ACPI P-states\$"
	assert_equal "$(jq -r '.kernel_log[] | "\(.id) \(.subject) \(.verdict) \(.why)"' <<<"$output")" \
		"pstate.pss-dropped _PSS (line 2) differ Intel's unfilled template $p (PmRef Cpu0Ist) was loaded: the firmware did not fill it before _PDC/_OSC loaded it"
}

@test "the laptop (Core 2): FSB bus clock, Super-LFM ratio, one counter sample is no rate" {
	run -0 --separate-stderr pmdiag-pstate --json --dump "$DUMPS/laptop"
	assert_equal "$(jq -c '.cpu | [.microarchitecture, .bus_khz, .bus_source]' <<<"$output")" \
		'["Core 2",200000,"MSR_FSB_FREQ code 2: 200 MHz"]'
	assert_equal "$(jq -c '.msr.perf_status_limits' <<<"$output")" '{"max_ratio":11,"max_mhz":2200}'
	assert_equal "$(jq -c '[.msr.cpus[0] | .current_ratio, .current_mhz]' <<<"$output")" '[8,800]'
	assert_equal "$(jq -r '.effective_mhz[0].avg_mhz_status' <<<"$output")" not_recorded
	assert_equal "$(jq -r '[.checks[] | .name] | join(" ")' <<<"$output")" \
		'pstate.pss-turbo-disabled pstate.turbo-disabled-firmware'
}

@test "exit codes: usage 1, unreadable source 1, nothing to show 2, an acpidump alone 0" {
	run -1 --separate-stderr pmdiag-pstate --bogus
	[[ "$stderr" == *"Try 'pmdiag-pstate --help'"* ]] || fail "$stderr"
	run -1 --separate-stderr pmdiag-pstate extra
	run -1 --separate-stderr pmdiag-pstate --dump "$BATS_TEST_TMPDIR/none"
	mkdir "$BATS_TEST_TMPDIR/empty"
	printf 'pmdiag-dump 1\n' > "$BATS_TEST_TMPDIR/empty/manifest"
	run -2 --separate-stderr pmdiag-pstate --dump "$BATS_TEST_TMPDIR/empty"
	assert_equal "$stderr" "pmdiag-pstate: nothing to show: no cpufreq, ACPI tables or CPUID"
	run -0 --separate-stderr pmdiag-pstate --json --acpidump "$DUMPS/lhw-tuf-a15/acpidump.txt"
	assert_equal "$(jq -r '.msr_status' <<<"$output")" not_recorded
	assert_equal "$(jq -r '.cpufreq.driver_status' <<<"$output")" not_recorded
	run -0 pmdiag-pstate --help
	assert_line --partial "--no-sample"
}

@test "--no-sample leaves the counters alone" {
	run -0 --separate-stderr pmdiag-pstate --json --no-sample --dump "$DUMPS/hand-pstate-snb"
	assert_equal "$(jq -r '.effective_mhz_status' <<<"$output")" not_recorded
	assert_equal "$(jq -r '.effective_mhz_reason' <<<"$output")" "not sampled"
}

@test "a handmade dump re-recorded by pmdiag-dump replays the same P-states, counters included" {
	local m a b
	for m in hand-pstate-snb hand-pstate-skl hand-pstate-k10 hand-pstate-zen hand-pstate-zen3 hand-pstate-icl; do
		run -0 pmdiag-dump --dump "$DUMPS/$m" "$BATS_TEST_TMPDIR/$m"
		a=$(pmdiag-pstate --json --dump "$DUMPS/$m")
		b=$(pmdiag-pstate --json --dump "$BATS_TEST_TMPDIR/$m")
		[ "$a" = "$b" ] || fail "$m: $(diff <(echo "$a") <(echo "$b"))"
		# both samples of TSC, MPERF and APERF of every CPU were recorded again
		assert_equal "$(grep -c ' 0x000000e8 ' "$BATS_TEST_TMPDIR/$m/msr.txt")" \
			"$(grep -c ' 0x000000e8 ' "$DUMPS/$m/msr.txt")"
	done
}

@test "every corpus sysfs tree: the first policy equals oracle-sysfs.csv, old per-CPU layouts too" {
	[ -d "$CORPUS/sysfs" ] || skip "no corpus"
	local o="$CORPUS/sysfs/oracle-sysfs.csv" f name got want
	# columns 25-33 (no quoted field in this file): the header says what they are
	assert_equal "$(head -1 "$o" | cut -d, -f25-30,32,33)" \
		"cpufreq_scaling_driver,cpufreq_scaling_governor,cpufreq_cpuinfo_min_freq,cpufreq_cpuinfo_max_freq,cpufreq_scaling_min_freq,cpufreq_scaling_max_freq,cpufreq_bios_limit,cpufreq_n_available_frequencies"
	for f in "$CORPUS"/sysfs/*.tar.*; do
		name=$(basename "$f")
		run -0 --separate-stderr pmdiag-pstate --json --dump "$f"
		got=$(jq -r '.cpufreq.policies[0] // {} | [.driver, .governor, .cpuinfo_min_khz, .cpuinfo_max_khz,
			.scaling_min_khz, .scaling_max_khz, .bios_limit_khz,
			(if .available_khz then (.available_khz | length) else null end)] |
			map(. // "" | tostring) | join(",")' <<<"$output")
		want=$(awk -F, -v n="$name" '$1 == n { print $25","$26","$27","$28","$29","$30","$32","$33 }' "$o")
		[ "$got" = "$want" ] || fail "$name: [$got], oracle [$want]"
	done
}

# Power limits (tests/dumps/hand-limits-*/README.md hold the same numbers).
limits() {
	run -0 --separate-stderr pmdiag-pstate --json --dump "$DUMPS/hand-limits-$1"
	[ -z "$stderr" ] || fail "$stderr"
}
limit_checks() {
	jq -r '[.checks[] | select(.name | test("pl1|pl2|limit-reason|prochot|throttle")) | "\(.severity) \(.name)"] | join(", ")' <<<"$output"
}

@test "hand-limits-pl1-locked: PL1 7 W locked on a 15 W part, limiting now" {
	limits pl1-locked
	local p='.power_limits.packages[0]'
	assert_equal "$(jq -r '.power_limits.decoding' <<<"$output")" client
	assert_equal "$(jq -c "$p.rapl_power_unit | [.raw, .power_unit_w, .time_unit_s]" <<<"$output")" \
		'["0x00000000000a0e03",0.125,0.000976562]'
	assert_equal "$(jq -c "$p.pkg_power_limit | [.raw, .pl1_w, .pl1_enabled, .pl1_clamp, .pl1_window_s, .pl2_w, .pl2_enabled, .pl2_clamp, .pl2_window_s, .locked]" <<<"$output")" \
		'["0x804280c800dd8038",7,true,true,28,25,true,false,0.002441,true]'
	assert_equal "$(jq -r "$p.pkg_power_info.tdp_w" <<<"$output")" 15
	# a zero limit with its enable bit clear is "not set", never 0 W
	assert_equal "$(jq -c "$p.pp0_power_limit | [.pl1_w, .pl1_w_status, .pl1_w_reason, has(\"pl1_enabled\")]" <<<"$output")" \
		'[null,"absent","not set (0, enable bit clear)",false]'
	assert_equal "$(jq -c "$p.platform_power_limit | [.pl1_w, .pl2_w]" <<<"$output")" '[null,null]'
	assert_equal "$(jq -r "$p.dram_power_limit_status" <<<"$output")" unreadable
	assert_equal "$(jq -c "$p.core_limit_reasons | [.active, .logged, .window_ms, .active_at_end, .logged_in_window]" <<<"$output")" \
		'[["pl1"],["pl1"],100,["pl1"],[]]'
	assert_equal "$(jq -c '.power_limits.powercap[0] | [.zone, .name, .enabled, .constraints[0].power_limit_w, .constraints[0].time_window_s]' <<<"$output")" \
		'["intel-rapl:0","package-0",true,7,28]'
	assert_equal "$(limit_checks)" 'warning pstate.pl1-below-tdp, warning pstate.limit-reason-active'
	jq -e '.checks[] | select(.name == "pstate.pl1-below-tdp") | .message | test("PL1 is 7 W, far below the 15 W .*locked by firmware")' <<<"$output"
	jq -e '.checks[] | select(.name == "pstate.limit-reason-active") | .message | test("by pl1 at the start and by pl1 at the end of a 100 ms window")' <<<"$output"
	# without the sampling wait the limit reasons are read once: no window
	run -0 pmdiag-pstate --json --no-sample --dump "$DUMPS/hand-limits-pl1-locked"
	assert_equal "$(jq -c '.power_limits.packages[0].core_limit_reasons | [has("window_ms"), has("active_at_end")]' <<<"$output")" '[false,false]'
	run -0 pmdiag-report --format prometheus --dump "$DUMPS/hand-limits-pl1-locked"
	grep -qx 'pmdiag_pstate_pkg_pl1_watts{package="0"} 7' <<<"$output"
	grep -qx 'pmdiag_pstate_pkg_pl1_window_seconds{package="0"} 28' <<<"$output"
	grep -qx 'pmdiag_pstate_tdp_watts{package="0"} 15' <<<"$output"
	! grep -q 'pmdiag_pstate_pp0_watts' <<<"$output" # not set: no sample
}

@test "hand-limits-prochot: bi-directional PROCHOT asserted from outside" {
	limits prochot
	local p='.power_limits.packages[0]'
	assert_equal "$(jq -r "$p.power_ctl.bd_prochot" <<<"$output")" true
	assert_equal "$(jq -c "$p.core_limit_reasons | [.active, .logged]" <<<"$output")" '[["prochot"],["prochot"]]'
	assert_equal "$(jq -c '[.power_limits.cpus[] | [.prochot, .prochot_log]]' <<<"$output")" \
		'[[true,true],[true,true],[false,true],[false,true]]'
	assert_equal "$(limit_checks)" 'warning pstate.limit-reason-active, warning pstate.prochot-external'
	jq -e '.checks[] | select(.name == "pstate.prochot-external") | .message | test("CPU 0 asserted now.*CPU 2 logged")' <<<"$output"
}

@test "hand-limits-past-pl1: PL1 and PL2 in the sticky log only, thermal throttle counts, PSys 45 W" {
	limits past-pl1
	local p='.power_limits.packages[0]'
	assert_equal "$(jq -c "$p.core_limit_reasons | [.active, .logged, .active_at_end]" <<<"$output")" '[[],["pl1","pl2"],[]]'
	assert_equal "$(jq -c "$p.platform_power_limit | [.pl1_w, .pl1_enabled, .pl1_window_s, .pl2_w, .locked]" <<<"$output")" '[45,true,28,null,false]'
	assert_equal "$(jq -c '[.power_limits.cpus[] | [.core_throttle_count, .package_throttle_count]]' <<<"$output")" '[[12,5],[3,5],[12,5],[3,5]]'
	# the counters read in both snapshots, 1 s apart: counted since boot, none in the window
	assert_equal "$(jq -r '.power_limits.throttle_window_ms' <<<"$output")" 1000
	assert_equal "$(jq -c '[.power_limits.cpus[] | [.core_throttle_count_in_window, .package_throttle_count_in_window]]' <<<"$output")" '[[0,0],[0,0],[0,0],[0,0]]'
	assert_equal "$(limit_checks)" 'info pstate.limit-reason-logged, info pstate.thermal-throttle'
	jq -e '.checks[] | select(.name == "pstate.limit-reason-logged") | .advice | test("pmdiag never does")' <<<"$output"
	jq -e '.checks[] | select(.name == "pstate.thermal-throttle") | .message == "the kernel counted thermal throttling since boot (up to 12 core events on 4 CPUs, 5 package events), none during a 1000 ms window: throttled before, not now"' <<<"$output"
	# --no-sample: read once, whether it throttles now is not known
	run -0 pmdiag-pstate --json --no-sample --dump "$DUMPS/hand-limits-past-pl1"
	assert_equal "$(jq -c '[.power_limits.throttle_window_ms, .power_limits.throttle_window_ms_status, .power_limits.cpus[0].core_throttle_count_in_window_status]' <<<"$output")" '[null,"not_recorded","not_recorded"]'
	assert_equal "$(limit_checks)" 'info pstate.limit-reason-logged, warning pstate.thermal-throttle'
	jq -e '.checks[] | select(.name == "pstate.thermal-throttle") | .message | test("since boot \\(read once: whether it throttles now is not known\\)$")' <<<"$output"
}

@test "hand-limits-throttling: thermal_throttle counts grow between the two snapshots: throttling now" {
	limits throttling
	local p='.power_limits.packages[0]'
	assert_equal "$(jq -c "$p.core_limit_reasons | [.active, .logged, .active_at_end]" <<<"$output")" '[["thermal"],["thermal"],["thermal"]]'
	assert_equal "$(jq -r '.power_limits.throttle_window_ms' <<<"$output")" 1000
	# the counts at the start (snapshot 0) and their growth to snapshot 1
	assert_equal "$(jq -c '[.power_limits.cpus[] | [.core_throttle_count, .core_throttle_count_in_window, .package_throttle_count, .package_throttle_count_in_window]]' <<<"$output")" \
		'[[40,1,17,1],[38,1,17,1],[40,1,17,1],[38,0,17,1]]'
	assert_equal "$(limit_checks)" 'warning pstate.limit-reason-active, warning pstate.thermal-throttle'
	jq -e '.checks[] | select(.name == "pstate.thermal-throttle") | .message == "the kernel counted thermal throttling during a 1000 ms window: 3 new core events (on 3 CPUs), 1 new package event: throttling now"' <<<"$output"
	run -0 --separate-stderr pmdiag-pstate --dump "$DUMPS/hand-limits-throttling"
	assert_line "  Throttle counters read: 1000.0 ms apart"
	assert_line --regexp '^    3 +38 +110 +860 +17 +250 +2100 +0 +1 +no +no$'
}

@test "hand-limits-unknown: a model pmdiag does not decode gets raw values and no finding" {
	limits unknown
	local p='.power_limits.packages[0]'
	assert_equal "$(jq -r '.power_limits.decoding' <<<"$output")" unknown
	assert_equal "$(jq -c "$p.pkg_power_limit" <<<"$output")" '{"raw":"0x804280c800dd8038"}'
	assert_equal "$(jq -c "$p.core_limit_reasons" <<<"$output")" '{"raw":"0x0000000004000400"}'
	assert_equal "$(limit_checks)" ''
}

@test "hand-limits-amd: not readable on this CPU, what Linux exposes" {
	limits amd
	assert_equal "$(jq -r '.power_limits.decoding' <<<"$output")" amd
	assert_equal "$(jq -r '.power_limits.packages_status' <<<"$output")" absent
	jq -e '.power_limits.packages_reason | test("not readable on this CPU")' <<<"$output"
	assert_equal "$(jq -c '.power_limits.powercap[0] | [.name, .enabled, .constraints]' <<<"$output")" '["package-0",false,[]]'
	assert_equal "$(limit_checks)" ''
}

@test "hand-limits-zero: every power MSR 0 on Skylake 06_5E (QEMU TCG): not set, no units, no TDP, no finding" {
	limits zero
	local p='.power_limits.packages[0]'
	assert_equal "$(jq -r '.power_limits.decoding' <<<"$output")" client
	# MSR_RAPL_POWER_UNIT 0 would be 1 W / 1 s units: taken as no units, no watts at all
	assert_equal "$(jq -c "$p.rapl_power_unit | [.raw, .power_unit_w, .power_unit_w_status, .time_unit_s]" <<<"$output")" \
		'["0x0000000000000000",null,"invalid",null]'
	jq -e "$p.rapl_power_unit.power_unit_w_reason | test(\"MSR_RAPL_POWER_UNIT reads 0\")" <<<"$output"
	# PL1 and PL2 0 with their enable bits clear: not set, not a 0 W firmware limit
	assert_equal "$(jq -c "$p.pkg_power_limit | [.raw, .pl1_w, .pl1_w_reason, .pl2_w, .pl2_w_reason, has(\"pl1_enabled\"), .locked]" <<<"$output")" \
		'["0x0000000000000000",null,"not set (0, enable bit clear)",null,"not set (0, enable bit clear)",false,false]'
	# MSR_PKG_POWER_INFO 0: no TDP
	assert_equal "$(jq -c "$p.pkg_power_info | [.raw, .tdp_w, .tdp_w_status]" <<<"$output")" \
		'["0x0000000000000000",null,"invalid"]'
	assert_equal "$(jq -c "[$p.pp0_power_limit.pl1_w_status, $p.pp1_power_limit.pl1_w_status, $p.dram_power_limit.pl1_w_status, $p.platform_power_limit.pl1_w_status, $p.platform_power_limit.pl2_w_status]" <<<"$output")" \
		'["absent","absent","absent","absent","absent"]'
	assert_equal "$(jq -c "$p.core_limit_reasons | [.active, .logged, .active_at_end, .logged_in_window]" <<<"$output")" '[[],[],[],[]]'
	assert_equal "$(limit_checks)" ''
	! grep -q 'tdp' <<<"$(jq -r '.checks[].name' <<<"$output")"
	run -0 --separate-stderr pmdiag-pstate --dump "$DUMPS/hand-limits-zero"
	assert_line --regexp '^      PL1: +absent: not set \(0, enable bit clear\)$'
	refute_line --regexp 'PL[12]: +0\.000 W'
	# no watts, so no gauge of them
	run -0 pmdiag-report --format prometheus --dump "$DUMPS/hand-limits-zero"
	! grep -q 'pmdiag_pstate_.*_watts' <<<"$output"
}

KLOG="$TOP/tests/klog"
# The ppc test's table with a _PSS entry of 0 MHz, and a _PSS in the Scope of a processor
# object no table defines (pss-orphan-unused), over QEMU's tables: $BATS_TEST_TMPDIR/tables.txt
log_tables() {
	asl logpss <<'EOF2'
DefinitionBlock ("", "SSDT", 2, "PMDIAG", "LOGPSS", 1)
{
    External (\_SB_.CPUS.C000, ProcessorObj)
    External (\_PR_.CPU9, ProcessorObj)
    Scope (\_SB.CPUS.C000)
    {
        Name (_PCT, Package (0x02)
        {
            ResourceTemplate () { Register (FFixedHW, 0x00, 0x00, 0x0000000000000000, ,) },
            ResourceTemplate () { Register (FFixedHW, 0x00, 0x00, 0x0000000000000000, ,) }
        })
        Name (_PSS, Package (0x04)
        {
            Package (0x06) { 3401, 95000, 10, 10, 0x2600, 0x2600 },
            Package (0x06) { 3400, 95000, 10, 10, 0x2200, 0x2200 },
            Package (0x06) { 2800, 70000, 10, 10, 0x1C00, 0x1C00 },
            Package (0x06) { 0, 35000, 10, 10, 0x1000, 0x1000 }
        })
        Name (_PPC, 0x02)
    }
    Scope (\_PR.CPU9)
    {
        Name (_PSS, Package (0x01) { Package (0x06) { 1600, 35000, 10, 10, 0x1000, 0x1000 } })
    }
}
EOF2
	{ cat "$DUMPS/qemu-q35/acpidump.txt"; ssdt_text "$BATS_TEST_TMPDIR/logpss.aml"; } > "$BATS_TEST_TMPDIR/tables.txt"
}
# logchecks: "id subject verdict line" of every check against the kernel's log
logchecks() {
	jq -r '.kernel_log[] | "\(.id) \(.subject) \(.verdict) \(.line)"' <<<"$output"
}

@test "the kernel's log names the cpufreq driver: the _PPC cap of an acpidump judged by it" {
	local t="$BATS_TEST_TMPDIR" base='\_SB.CPUS.C000._PPC = 2: only 2800 MHz and below are allowed (the top _PSS state is 3401 MHz); '
	log_tables
	ppc_check --acpidump "$t/tables.txt" --dmesg "$KLOG/pstate-core2-acpi-cpufreq.txt"
	assert_equal "$output" "warning ${base}acpi-cpufreq applies it (the kernel's log says intel_pstate gave up, line 9: \"intel_pstate: CPU model not supported\"; acpi-cpufreq takes the CPUs)"
	ppc_check --acpidump "$t/tables.txt" --dmesg "$KLOG/pstate-skl-hwp.txt"
	assert_equal "$output" "info ${base}intel_pstate ignores it with HWP on (the kernel's log: \"Intel P-state driver initializing\" (line 6); \"HWP enabled\" in the kernel's log (line 7))"
	ppc_check --acpidump "$t/tables.txt" --dmesg "$KLOG/pstate-ivb-passive.txt"
	assert_equal "$output" "info ${base}intel_cpufreq ignores it (the kernel's log: \"Intel P-state driver initializing\" (line 6), in its passive mode by default without HWP (5.8+)): the FADT profile is Unspecified, not a server, and no intel_pstate=support_acpi_ppc"
	# the log's command line: intel_pstate=support_acpi_ppc, processor.ignore_ppc=1
	sed 's/ro quiet$/ro quiet intel_pstate=support_acpi_ppc/' "$KLOG/pstate-ivb-passive.txt" > "$t/k.txt"
	ppc_check --acpidump "$t/tables.txt" --dmesg "$t/k.txt"
	assert_equal "$output" "warning ${base}intel_cpufreq applies it (the kernel's log: \"Intel P-state driver initializing\" (line 6), in its passive mode by default without HWP (5.8+)): booted with intel_pstate=support_acpi_ppc"
	sed 's/ro quiet$/ro quiet processor.ignore_ppc=1/' "$KLOG/pstate-core2-acpi-cpufreq.txt" > "$t/k.txt"
	ppc_check --acpidump "$t/tables.txt" --dmesg "$t/k.txt"
	assert_equal "$output" "info ${base}booted with processor.ignore_ppc=1: the kernel ignores it"
	# no driver line (cut out): the CPU of the log's model line, said to come from there
	grep -v intel_pstate "$KLOG/pstate-ivb-passive.txt" > "$t/k.txt"
	ppc_check --acpidump "$t/tables.txt" --dmesg "$t/k.txt"
	assert_equal "$output" "info ${base}intel_pstate ignores it (the default for family 0x6 model 0x3a in the kernel log's CPU line (line 5)): the FADT profile is Unspecified, not a server, and no intel_pstate=support_acpi_ppc"
	run -0 pmdiag-pstate --json --acpidump "$t/tables.txt" --dmesg "$t/k.txt"
	assert_equal "$(jq -r '.cpu.log_cpu, .cpufreq.log_driver' <<<"$output")" \
		"Intel(R) Core(TM) i7-3770 CPU @ 3.40GHz (family 0x6, model 0x3a; line 5)
null"
	# a CPU the log's line cannot decide (HWP not known): it depends
	sed -i 's/model: 0x3a/model: 0x9e/' "$t/k.txt"
	ppc_check --acpidump "$t/tables.txt" --dmesg "$t/k.txt"
	assert_equal "$output" "info ${base}whether it applies depends on the cpufreq driver: intel_pstate if family 0x6 model 0x9e in the kernel log's CPU line (line 5) has HWP, else acpi-cpufreq: the CPU line does not say (FADT profile Unspecified)"
	# and where every entry is an Intel ratio (no 0 MHz one), the log's CPU says so
	sed 's/{ 0, 35000, 10, 10, 0x1000, 0x1000 }/{ 1600, 35000, 10, 10, 0x1000, 0x1000 }/' \
		"$t/logpss.asl" | asl ratios
	{ cat "$DUMPS/qemu-q35/acpidump.txt"; ssdt_text "$t/ratios.aml"; } > "$t/ratios.txt"
	ppc_check --acpidump "$t/ratios.txt" --dmesg "$t/k.txt"
	assert_equal "$output" "info ${base}whether it applies depends on the cpufreq driver: intel_pstate if family 0x6 model 0x9e in the kernel log's CPU line (line 5) has HWP, else acpi-cpufreq: the CPU line does not say (FADT profile Unspecified); these control values are Intel ratios, as the log's CPU line says"
}

@test "_PSS predictions against the kernel's log: a dropped entry, an orphan Scope's AE_NOT_FOUND, the driver" {
	local t="$BATS_TEST_TMPDIR"
	log_tables
	run -0 --separate-stderr pmdiag-pstate --json --acpidump "$t/tables.txt" --dmesg "$KLOG/pstate-core2-acpi-cpufreq.txt"
	[ -z "$stderr" ] || fail "$stderr"
	assert_equal "$(logchecks)" 'pstate.driver  agree 9
pstate.pss-dropped \_SB.CPUS.C000._PSS agree 10
pstate.pss-orphan \_PR.CPU9._PSS agree 5'
	assert_equal "$(jq -r '.kernel_log[0].predicted' <<<"$output")" \
		"acpi-cpufreq (intel_pstate does not drive family 0x6 model 0x17 in the kernel log's CPU line (line 8): older than Sandy Bridge, so no HWP, and not in its model table)"
	# the findings the log confirms cite it; the second CPU's line is the same entry's
	assert_equal "$(jq -r '.checks[] | select(.name | test("dropped|orphan")) | .message' <<<"$output")" \
		"1 _PSS object of processor objects no table defines never reach Linux: \\_PR.CPU9._PSS (SSDT1): \\_PR.CPU9 is never defined (only declared External); the kernel's log says so (line 5)
\\_SB.CPUS.C000._PSS entry 3 claims 0 MHz; the kernel drops 1 of 4 entries; the kernel's log says so (line 10)"
	# intel_pstate with HWP reads no _PSS: silence about the entry means nothing; ACPICA's
	# error is printed as the tables load: its absence from a whole log differs
	run -0 pmdiag-pstate --json --acpidump "$t/tables.txt" --dmesg "$KLOG/pstate-skl-hwp.txt"
	assert_equal "$(logchecks)" 'pstate.driver  agree 7
pstate.pss-dropped \_SB.CPUS.C000._PSS silent null
pstate.pss-orphan \_PR.CPU9._PSS differ null'
	assert_equal "$(jq -r '.kernel_log[1].why' <<<"$output")" \
		"intel_pstate does not read _PSS as acpi-cpufreq does: the kernel had no reason to print it"
	# the driver the CPU gets against the one the log names
	sed 's/model: 0x17/model: 0x2a/' "$KLOG/pstate-core2-acpi-cpufreq.txt" > "$t/k.txt"
	run -0 pmdiag-pstate --json --acpidump "$t/tables.txt" --dmesg "$t/k.txt"
	assert_equal "$(jq -r '.kernel_log[0] | "\(.verdict) \(.line) \(.why)"' <<<"$output")" \
		"differ 9 the kernel chose acpi-cpufreq: a rule of pmdiag's for this CPU (docs/kernel-rules.md) does not hold for this kernel, or the log is of another machine"
	# under acpi-cpufreq, no line for the 0 MHz entry in a whole log differs; a line of a
	# frequency no table has is another firmware's
	grep -v 'Invalid BIOS' "$KLOG/pstate-core2-acpi-cpufreq.txt" > "$t/k.txt"
	run -0 pmdiag-pstate --json --acpidump "$t/tables.txt" --dmesg "$t/k.txt"
	assert_equal "$(jq -r '.kernel_log[] | select(.id == "pstate.pss-dropped") | "\(.verdict) \(.why)"' <<<"$output")" \
		"differ acpi-cpufreq reads _PSS and the kernel prints a line for every entry it drops; this log has none: likelier other tables booted"
	sed 's/ 0x0 MHz/ 0x7d0 MHz/' "$KLOG/pstate-core2-acpi-cpufreq.txt" > "$t/k.txt"
	run -0 pmdiag-pstate --json --acpidump "$t/tables.txt" --dmesg "$t/k.txt"
	assert_equal "$(logchecks | grep dropped)" 'pstate.pss-dropped \_SB.CPUS.C000._PSS differ null
pstate.pss-dropped _PSS (line 10) differ 10'
	assert_equal "$(jq -r '.kernel_log[] | select(.subject == "_PSS (line 10)") | .why' <<<"$output")" \
		"no _PSS a CPU uses has an entry of 0x7d0 MHz: likelier other tables booted (the log's firmware: BIOS 2.10 05/14/2009)"
	# a dump's own sysfs driver is the prediction: the same boot's log agrees
	run -0 pmdiag-pstate --json --dump "$DUMPS/hand-pstate-skl" --dmesg "$KLOG/pstate-skl-hwp.txt"
	assert_equal "$(jq -r '.kernel_log[0] | "\(.id) \(.verdict) \(.predicted)"' <<<"$output")" \
		"pstate.driver agree intel_pstate with HWP on (scaling_driver)"
}
