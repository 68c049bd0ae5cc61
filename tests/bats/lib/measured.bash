# SPDX-License-Identifier: GPL-2.0-or-later
# measured TOOL: what TOOL measures over a window, reads as a running count or as an
# instant's state, as a jq filter deleting it. A dump holds another window than the live run that recorded it,
# so live-versus-dump comparisons (tests/live, tests/qemu) leave these out and demand
# that everything else is equal. The report holds every probe's whole output (schema 2):
# its filter applies each tool's filter to that tool's section.
measured() {
	case "$1" in
	pmdiag-idle) echo '{cpus: [.cpus[]? | .cpu], states: [.states[]? | .name]}' ;;
	# tick_broadcast_oneshot_mask: the CPUs asleep in a broadcast state at the instant
	# /proc/timer_list is read
	pmdiag-lapic) echo 'del(.broadcast.interrupts, .broadcast.interval_s, .broadcast.oneshot_mask, .broadcast.oneshot_mask_cpus)' ;;
	pmdiag-hpet) echo 'del(.kernel.interrupts[]?.count)' ;;
	# window_ms of the limit reasons and throttle_window_ms: the length of the sampling
	# window (live: the wait; a dump: the recorded samples' interval)
	pmdiag-pstate) echo 'del(.effective_mhz, .cpufreq.policies[]?.scaling_cur_khz, .cpufreq.policies[]?.cpuinfo_cur_khz, .msr.cpus[]?.current_ratio, .msr.cpus[]?.current_mhz, .msr.cpus[]?.current_pstate, .msr.cpus[]?.requested_ratio, .msr.cpus[]?.requested_mhz, .msr.cpus[]?.requested_pstate, .msr.cpus[]?.registers.perf_stat, .msr.cpus[]?.registers.perf_ctl, .msr.cpus[]?.registers.pstate_stat, .msr.cpus[]?.registers.pstate_ctl, .power_limits.packages[]?.core_limit_reasons.window_ms, .power_limits.packages[]?.graphics_limit_reasons.window_ms, .power_limits.packages[]?.ring_limit_reasons.window_ms, .power_limits.throttle_window_ms)' ;;
	# the race section says what could be measured here; on a dump, that nothing can be
	# the kernel log's source (live or the dump) and its last line: the log grows between
	# the live run and the dump's reading of it
	pmdiag-report) echo "del(.idle, .race, .summary.idle, .summary.race, .klog.source?, .klog.last_line?)
		| del(.findings[]? | select(.id == \"idle.short-sleep\"))
		| if .hpet then .hpet |= ($(measured pmdiag-hpet)) else . end
		| if .lapic then .lapic |= ($(measured pmdiag-lapic)) else . end
		| if .pstate then .pstate |= ($(measured pmdiag-pstate)) else . end" ;;
	*) echo '.' ;;
	esac
}
