# SPDX-License-Identifier: GPL-2.0-or-later
# The JSON report of pmdiag-report(1), schema_version 2, and the JSON conventions of
# pmdiag(7), as a jq module. `check` gives true, or the list of what is wrong, each as
# "PATH: problem":
#
#   pmdiag-report --json --dump D | jq -L tests/bats/lib 'include "report-schema"; check'
#
# A spec is a type name ("string", "integer", "number", "boolean", "null", "array",
# "object", "any"), a list of specs (any one of them), or an object:
#   {obj: {KEY: SPEC}, req: [KEY...], open: true}  an object: KEY optional unless in req;
#                                                 other keys only when open
#   {arr: SPEC, min: N}     an array of SPEC, at least N long
#   {enum: [VALUES]}        one of VALUES
#   {str: REGEX}            a string matching REGEX
#   {int: MIN}              an integer >= MIN
#   {res: true}             only null with KEY_status: never read
# Any member may instead be null with KEY_status (a value that could not be read), and
# KEY_status / KEY_reason belong to KEY: they are checked by conventions, over the whole
# document.
#
# The report's own parts (the top level, findings, machine, sources, platform, summary,
# privacy) are closed: a new key there is documented in pmdiag-report(1) and added here.
# The probes' short sections (summary.hpet ... summary.race) are open: their keys are
# documented on each probe's page and may grow there; the keys known here are
# type-checked. The probes' whole outputs (.hpet ... .race) are each tool's --json,
# documented on its page; the checks of thermal and pstate are type-checked here.

def statuses: ["absent", "unreadable", "not_recorded", "invalid"];
def severities: ["critical", "warning", "info"];
def probes: ["hpet", "lapic", "idle", "thermal", "pstate", "s0ix", "report"];
def probe_sections: ["hpet", "lapic", "idle", "thermal", "pstate", "s0ix", "race"];
def sections: ["schema_version", "pmdiag_version", "findings", "machine", "sources", "platform",
	"klog", "summary", "hpet", "lapic", "idle", "thermal", "pstate", "s0ix", "race", "privacy"];

def pstr: if length == 0 then "." else map(if type == "number" then "[\(.)]" else ".\(.)" end) | join("") end;
def ptext: if type == "string" then "\"\(.[0:60])\"" else tojson | .[0:60] end;
def is_status_key: test("_(status|reason)$");
def base_key: sub("_(status|reason)$"; "");

def is($t):
	if $t == "any" then true
	elif $t == "integer" then type == "number" and . == floor
	else type == $t end;

def vcheck($s; $p):
	. as $v
	| if ($s | type) == "string" then
		if is($s) then empty else "\($p | pstr): \($v | type) \($v | ptext), not \($s)" end
	elif ($s | type) == "array" then
		if any($s[]; . as $a | [$v | vcheck($a; $p)] | length == 0) then empty
		else "\($p | pstr): \($v | ptext) is none of \($s | map(if type == "string" then . else keys[0] end) | join(", "))" end
	elif $s | has("enum") then
		if ($s.enum | index([$v])) != null then empty
		else "\($p | pstr): \($v | ptext), not one of \($s.enum | join(", "))" end
	elif $s | has("str") then
		if type == "string" and test($s.str) then empty
		else "\($p | pstr): \($v | ptext) does not match \($s.str)" end
	elif $s | has("int") then
		if is("integer") and . >= $s.int then empty
		else "\($p | pstr): \($v | ptext), not an integer >= \($s.int)" end
	elif $s | has("res") then
		"\($p | pstr): \($v | ptext), only null with a status expected"
	elif $s | has("arr") then
		if type != "array" then "\($p | pstr): \(type), not an array"
		else
			(if length < ($s.min // 0) then "\($p | pstr): \(length) elements, at least \($s.min) expected" else empty end),
			(to_entries[] | .key as $i | .value | vcheck($s.arr; $p + [$i]))
		end
	elif $s | has("obj") then
		if type != "object" then "\($p | pstr): \(type), not an object"
		else
			(($s.req // [])[] as $k
			 | select(has($k) | not)
			 | "\($p | pstr): no \($k)"),
			(to_entries[] as {key: $k, value: $x}
			 | if $k | is_status_key then
				if ($s.obj | has($k | base_key)) or $s.open then empty
				else "\($p + [$k] | pstr): unknown key" end
			   elif $s.obj | has($k) then
				if $x == null and has($k + "_status") then empty
				else $x | vcheck($s.obj[$k]; $p + [$k]) end
			   elif $s.open then empty
			   else "\($p + [$k] | pstr): unknown key" end)
		end
	else "\($p | pstr): bad spec \($s | tojson)" end;

# ---- the report, section by section (lib/report/report.c, sysinfo.c, platform.c and the probes) ----

def text: {str: "."};
def texts: {arr: "string"};
def tri: ["boolean", "null"];
def count: {int: 0};
def number_or_none: ["number", "null"];

def check_spec($prefix): {obj: {
	name: {str: "^\($prefix)\\.[a-z0-9-]+$"},
	severity: {enum: severities},
	message: text,
	advice: "string"
}, req: ["name", "severity", "message", "advice"]};

def finding_spec: {obj: {
	id: {str: "^[a-z][a-z0-9]*\\.[a-z0-9-]+$"},
	severity: {enum: severities},
	probe: {enum: probes},
	message: text,
	advice: "string"
}, req: ["id", "severity", "probe", "message", "advice"]};

def acpi_table_spec: {obj: {
	signature: {str: "^.{4}$"},
	instance: {int: 1},
	length: count,
	revision: count,
	oem_id: text,
	oem_table_id: text,
	checksum: {enum: ["ok", "bad", "none", "left out", "refused"]},
	problem: text
}, req: ["signature", "instance", "length", "checksum"]};

def machine_spec: {obj: {
	arch: {enum: ["x86", "ARM64", "RISC-V", "LoongArch"]},
	arch_basis: text,
	kernel: text,
	product: "string",
	sys_vendor: "string",
	product_name: "string",
	bios: text,
	cpus_online: {int: 1},
	cpu: {res: true},
	cpu_vendor: "string",
	cpu_brand: "string",
	cpu_family: count,
	cpu_model: count,
	cpu_stepping: count
}, req: ["arch", "arch_basis", "kernel", "product", "bios", "cpus_online"]};

def sources_spec: {obj: {
	lockdown: {obj: {
		mode: {enum: ["none", "integrity", "confidentiality"]},
		secure_boot: "boolean",
		uefi: "boolean"
	}, req: ["mode", "secure_boot", "uefi"]},
	hpet_table: text,
	hpet_mmio: {enum: ["readable"]},
	msr: {enum: ["readable"]},
	pci: {res: true},
	host_bridge: text,
	isa_bridge: text,
	acpi_tables: {arr: acpi_table_spec}
}, req: ["lockdown", "hpet_table", "msr", "acpi_tables"]};

def platform_spec: {obj: {
	cpu_flags: {obj: {arat: "boolean", arat_why: [text, "null"], tsc_deadline: "boolean",
		invariant_tsc: "boolean"}, req: ["arat", "arat_why", "tsc_deadline", "invariant_tsc"]},
	clocksource: {obj: {current: text, available: texts}, req: ["current", "available"]},
	clockevents: {obj: {broadcast: [text, "null"], per_cpu: texts}, req: ["broadcast", "per_cpu"]},
	cpuidle: {obj: {driver: [text, "null"], governor: text, states: {arr: {obj: {
		name: "string", desc: "string", latency_us: count, residency_us: count,
		disabled: "boolean"}}}}, req: ["driver"]},
	cpufreq: {obj: {driver: [text, "null"]}, req: ["driver"]},
	thermal_zones: {arr: {obj: {
		zone: {str: "^thermal_zone[0-9]+$"},
		type: "string",
		temp_mc: "integer",
		trips: {arr: {obj: {type: text, temp_mc: "integer"}, req: ["type", "temp_mc"]}}
	}, req: ["zone", "type", "temp_mc", "trips"]}}
}, req: ["cpu_flags", "clocksource", "clockevents", "cpuidle", "cpufreq", "thermal_zones"]};

# The common list of predictions checked against the kernel log (pmdiag(7) JSON), each
# tool's "kernel_log" and the report's klog.kernel_log.
def logcheck_spec: {obj: {
	id: {str: "^[a-z][a-z0-9]*\\.[a-z0-9_-]+$"},
	subject: "string",
	predicted: text,
	said: [text, "null"],
	line: [{int: 1}, "null"],
	verdict: {enum: ["agree", "differ", "silent"]},
	why: [text, "null"]
}, req: ["id", "subject", "predicted", "said", "line", "verdict", "why"]};

def line: [{int: 1}, "null"];
def klog_spec: {obj: {
	source: {enum: ["live", "dump", "file"]},
	file: text,
	format: {enum: ["dmesg", "dmesg -T", "journalctl", "syslog", "/dev/kmsg", "dmesg -t"]},
	boot: {int: 1}, boots: {int: 1}, first_line: {int: 1}, last_line: {int: 1},
	has_start: "boolean",
	has_init: "boolean",
	release: [text, "null"], release_line: line,
	cmdline: [text, "null"], cmdline_line: line,
	arch: [text, "null"], arch_line: line,
	dmi: [text, "null"], dmi_line: line,
	cpu: [text, "null"], cpu_line: line,
	cpufreq: [text, "null"], cpufreq_line: line,
	cpuidle: [text, "null"], cpuidle_line: line,
	clocksource: [text, "null"], clocksource_line: line,
	tsc_unstable_line: line,
	agree: count, differ: count, silent: count,
	kernel_log: {arr: logcheck_spec},
	parameters: {arr: {obj: {name: text, value: ["string", "null"]}, req: ["name", "value"]}}
}, req: ["source", "format", "boot", "boots", "first_line", "last_line", "has_start", "has_init", "release",
	"release_line", "cmdline", "cmdline_line", "arch", "arch_line", "dmi", "dmi_line", "cpu",
	"cpu_line", "cpufreq", "cpufreq_line", "cpuidle", "cpuidle_line", "clocksource",
	"clocksource_line", "tsc_unstable_line", "agree", "differ", "silent", "kernel_log",
	"parameters"]};

def hpet_spec: {obj: {verdict: {obj: {
	present_text: text, firmware_text: text, force_text: text, in_use_text: text,
	mode_text: text, max_oneshot_text: text,
	present: tri, firmware_enabled: tri, force_helps: tri, in_use: tri,
	legacy_replacement: tri,
	fsb_channels: [count, "null"],
	max_oneshot_s: number_or_none,
	pit_max_oneshot_ms: "number"
}, open: true, req: ["present_text", "firmware_text", "force_text", "in_use_text", "mode_text",
	"max_oneshot_text", "present", "firmware_enabled", "force_helps", "in_use",
	"legacy_replacement", "fsb_channels", "max_oneshot_s", "pit_max_oneshot_ms"]}},
	open: true, req: ["verdict"]};

def lapic_spec: {obj: {verdict: {obj: {
	text: text, limits: text, lapic_timer_stops: tri, stopping_states: texts,
	longest_oneshot_s: number_or_none
}, open: true, req: ["text", "limits", "lapic_timer_stops", "stopping_states", "longest_oneshot_s"]}},
	open: true, req: ["verdict"]};

def s0ix_spec: {obj: {verdict: {obj: {
	text: text, s0ix: {enum: ["yes", "no", "possible", "unknown"]}, low_power_s0: tri,
	mode: {enum: ["s2idle", "shallow", "deep", "unknown"]}, last_hw_sleep_reached: tri,
	last_hw_sleep_s: number_or_none
}, open: true, req: ["text", "s0ix", "low_power_s0", "mode", "last_hw_sleep_reached", "last_hw_sleep_s"]}},
	open: true, req: ["verdict"]};

# Either the summary of pmdiag-idle(8) or, with no rate snapshots, snapshots: null.
def idle_spec: {obj: {
	snapshots: {res: true},
	interval_s: "number",
	interval_source: {enum: ["measured", "recorded"]},
	avg_sleep_ms: number_or_none,
	idle_entries: count,
	idle_time_us: count,
	idle_cpus: count,
	vs_2007: [text, "null"],
	idle_entries_per_s: number_or_none,
	interrupts_per_s: number_or_none,
	interrupts: count,
	entries_per_interrupt: "number",
	softirqs_per_s: number_or_none,
	softirqs: count,
	tick_avg_sleep_ms: number_or_none,
	tick_idle_calls_per_s: number_or_none,
	tick_idle_sleeps_per_s: number_or_none,
	self: {obj: {wakeups: count, voluntary_switches: count, involuntary_switches: count,
		cpu_time_ms: "number", cpu_before: [count, "null"], cpu_after: [count, "null"]},
		req: ["wakeups", "voluntary_switches", "involuntary_switches", "cpu_time_ms"]},
	problems: count,
	busiest: {arr: {obj: {kind: {enum: ["irq", "softirq"]}, name: text, per_s: "number"},
		req: ["kind", "name", "per_s"]}},
	attribution: {res: true},
	attributed_pct: number_or_none,
	top_wakers: {arr: {obj: {
		kind: {enum: ["process", "tick", "timer", "hrtimer", "irq", "work", "ipi"]},
		name: text, pid: [count, "null"], irq: [count, "null"], wakeups_per_s: "number"},
		req: ["kind", "name", "pid", "irq", "wakeups_per_s"]}},
	hw_source: {enum: ["perf", "msr"]},
	hw_deepest_pkg: [{enum: ["none", "PC2", "PC3", "PC6", "PC7", "PC8", "PC9", "PC10"]}, "null"],
	hw_pct: {obj: {c3: number_or_none, c6: number_or_none, c7: number_or_none,
		pc2: number_or_none, pc3: number_or_none, pc6: number_or_none, pc7: number_or_none,
		pc8: number_or_none, pc9: number_or_none, pc10: number_or_none}}
}, open: true};

def race_spec: {obj: {
	can_measure: "boolean",
	missing: text,
	cpu: count,
	cpu_model: text,
	meter: {obj: {kind: text, description: text, domains: texts, unit_j: "number",
		wrap_j: number_or_none, wraps: count}, open: true,
		req: ["kind", "description", "domains", "unit_j"]},
	meters: {obj: {powercap: text, perf: text, msr: text}, open: true,
		req: ["powercap", "perf", "msr"]},
	can_change: {obj: {cpufreq: text, clock_modulation: text, hwp: text}, open: true,
		req: ["cpufreq", "clock_modulation", "hwp"]},
	compare: texts,
	idle_states: {obj: {can_measure: "boolean", missing: text, cpuidle_driver: text,
		cpuidle_governor: text, limit_by: {enum: ["pm_qos", "disable"]},
		states: [{arr: {obj: {index: count, name: text, latency_us: count, residency_us: count,
			usable: "boolean", why_not: [text, "null"]}, open: true}}, "null"],
		last_run: [{obj: {verdict: text, limit_by: text}, open: true}, "null"]}, open: true,
		req: ["can_measure"]}
}, open: true, req: ["can_measure", "cpu", "meter", "meters", "can_change"]};

def report_spec: {obj: {
	schema_version: {enum: [2]},
	pmdiag_version: {str: "^[0-9]+\\.[0-9]+"},
	findings: {arr: finding_spec},
	machine: machine_spec,
	sources: sources_spec,
	platform: platform_spec,
	klog: klog_spec,
	summary: {obj: {
		hpet: hpet_spec,
		lapic: lapic_spec,
		idle: idle_spec,
		thermal: {obj: {checks: {arr: check_spec("thermal")}}, open: true, req: ["checks"]},
		pstate: {obj: {checks: {arr: check_spec("pstate")}}, open: true, req: ["checks"]},
		s0ix: s0ix_spec,
		race: race_spec
	}, req: probe_sections},
	hpet: {obj: {kernel_log: {arr: logcheck_spec}}, open: true, req: ["kernel_log"]},
	lapic: {obj: {kernel_log: {arr: logcheck_spec}}, open: true, req: ["kernel_log"]},
	idle: {obj: {summary: {obj: {}, open: true}}, open: true, req: ["summary"]},
	thermal: {obj: {checks: {arr: check_spec("thermal")}}, open: true, req: ["checks"]},
	pstate: {obj: {checks: {arr: check_spec("pstate")}}, open: true, req: ["checks"]},
	s0ix: s0ix_spec,
	race: {obj: {}, open: true},
	privacy: {obj: {redaction: "boolean", redacted: {arr: text, min: 1}},
		req: ["redaction", "redacted"]}
}, req: sections};

# What one member's presence says about another's, and the findings against the checks.
def report_rules:
	(keys_unsorted | map(select(. as $k | sections | index([$k]))) as $got
	 | if ($got | length) == (sections | length) and $got != sections then ".: sections in the order \($got | join(", ")), not \(sections | join(", "))" else empty end),
	(.machine | objects
	 | if has("cpu_vendor") == has("cpu_status") then ".machine: cpu_vendor or cpu_status, not both or neither" else empty end,
	   (select(has("cpu_vendor")) | ["cpu_brand", "cpu_family", "cpu_model", "cpu_stepping"][] as $k
	    | select(has($k) | not) | ".machine: cpu_vendor without \($k)")),
	(.sources | objects
	 | if has("pci_status") == (has("host_bridge") and has("isa_bridge")) then ".sources: either pci_status or host_bridge and isa_bridge" else empty end,
	   if has("hpet_mmio") and (.hpet_table | type) != "string" then ".sources: hpet_mmio without an HPET table" else empty end),
	(.summary.idle | objects
	 | if has("snapshots") and (keys - ["snapshots", "snapshots_status", "snapshots_reason"]) != [] then ".summary.idle: snapshots not read, yet \(keys - ["snapshots", "snapshots_status", "snapshots_reason"] | join(", "))"
	   elif (has("snapshots") | not) then ["interval_s", "interval_source", "interrupts_per_s", "softirqs_per_s", "self", "problems", "busiest"][] as $k | select(has($k) | not) | ".summary.idle: no \($k)"
	   else empty end),
	(.findings | arrays
	 | (to_entries[] | select(.value | objects | has("id") and has("probe"))
	    | select(.value.probe != (.value.id | split(".")[0]))
	    | ".findings[\(.key)]: probe \(.value.probe) but id \(.value.id)"),
	   (map(.severity as $v | severities | index([$v])) as $r
	    | if $r != ($r | sort) then ".findings: not ranked critical, warning, info" else empty end)),
	# every check of thermal and pstate is a finding, with the same words, in the summary
	# and in the whole output
	(. as $d | ["thermal", "pstate"][] as $sec | [["summary", $sec], [$sec]][] as $at
	 | ($d | getpath($at + ["checks"])? // [] | map({id: .name, severity, message, advice})) as $c
	 | ($d.findings? // [] | map(select(.probe? == $sec) | {id, severity, message, advice})) as $f
	 | if ($c | sort) != ($f | sort) then ".findings: the \($sec) findings (\($f | length)) differ from \($at | pstr).checks (\($c | length))" else empty end),
	# the whole output holds the summary's verdict (hpet, lapic, s0ix) and idle summary
	(. as $d | ["hpet", "lapic", "s0ix"][] as $sec
	 | select(($d.summary[$sec]? | objects | has("verdict")) and ($d[$sec]? | objects))
	 | if $d.summary[$sec].verdict != $d[$sec].verdict then ".\($sec).verdict differs from .summary.\($sec).verdict" else empty end);

def klog_rules:
	(.klog | objects
	 | (["agree", "differ", "silent"][] as $v
	    | (.kernel_log | map(select(.verdict == $v)) | length) as $n
	    | if .[$v] != $n then ".klog.\($v): \(.[$v]), but \($n) checks say \($v)" else empty end),
	   (.kernel_log[] | select((.said == null) != (.line == null))
	    | ".klog.kernel_log: \(.id) has said without line or line without said")),
	# every probe's checks are the section's, in probe order
	(. as $d | select($d.klog | objects)
	 | ([probe_sections[] as $p | $d[$p]? | objects | .kernel_log? // [] | .[]]) as $all
	 | if $all != $d.klog.kernel_log then ".klog.kernel_log: not every probe's kernel_log, in order" else empty end),
	# report.kernel-log-differs when and only when a check differs
	(. as $d | ($d.klog? | objects | .differ // 0) as $n
	 | ($d.findings | map(select(.id == "report.kernel-log-differs")) | length) as $f
	 | if ($n > 0) != ($f == 1) then ".findings: report.kernel-log-differs \($f) times with \($n) checks that differ" else empty end);

# ---- pmdiag(7), over the whole document ----
def conv_walk($p):
	if type == "object" then
		. as $o | keys_unsorted[] as $k
		| (if ($k | endswith("_status")) then
			($k | base_key) as $b
			| (if ($o | has($b)) | not then "\($p + [$k] | pstr): no \($b) beside it"
			   elif $o[$b] != null then "\($p + [$b] | pstr): has a status but is not null"
			   else empty end),
			  (if (statuses | index([$o[$k]])) == null then
				"\($p + [$k] | pstr): \($o[$k] | ptext), not one of \(statuses | join(", "))"
			   else empty end)
		   elif ($k | endswith("_reason")) then
			($k | base_key) as $b
			| (if ($o | has($b + "_status")) | not then "\($p + [$k] | pstr): a reason without \($b)_status" else empty end),
			  (if ($o[$k] | type) != "string" or $o[$k] == "" then "\($p + [$k] | pstr): not a text" else empty end)
		   else empty end | {e: .}),
		  ($o[$k] | conv_walk($p + [$k]))
	elif type == "array" then
		range(length) as $i | .[$i] | conv_walk($p + [$i])
	elif type == "string" then
		select(startswith("0") and test("^0[xX][0-9a-fA-F]*$"))
		| if test("^0x[0-9a-f]+$") then select($p[-1] | type == "string") | {reg: $p[-1]}
		  else {e: "\($p | pstr): \(ptext) is not a lower-case 0x... register value"} end
	elif type == "number" then
		select($p[-1] | type == "string") | {num: $p[-1], p: $p}
	else empty end;

# A value not there is null with KEY_status (absent, unreadable, not_recorded, invalid) and,
# when known, KEY_reason; register values are "0x..." strings, never numbers.
def conventions:
	[conv_walk([])] as $w
	| ($w | map(.reg // empty) | unique) as $regs
	| $w[]
	| if .e then .e
	  elif .num as $n | $n and ($regs | index([$n])) != null then "\(.p | pstr): a number where \(.num) elsewhere is a 0x... string"
	  else empty end;

def problems: [vcheck(report_spec; []), report_rules, klog_rules, conventions];
def check: problems | if length == 0 then true else . end;
