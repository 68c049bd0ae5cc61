// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the dump's own text files: the first byte picks the
 * parser (manifest, msr.txt, mmio.txt, snapshot time, /proc/iomem, cpuid.txt
 * through the sanity check and libcpuid, /proc/interrupts and /proc/softirqs,
 * the kernel command line, /proc/timer_list, the JSON reader of --diff, the
 * CPUID dump formats of --cpuid, the numbers of sysfs files, the debugfs texts of
 * pmc_core and amd_pmc), the rest is the file.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <libcpuid/libcpuid.h>

#include "cpu/cpuid.h"
#include "format/cpuidfmt.h"
#include "format/dumpfmt.h"
#include "format/json.h"
#include "format/pmcfmt.h"
#include "format/timerlist.h"
#include "format/procparse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || size > (1u << 20))
		return 0;
	char *text = malloc(size);
	memcpy(text, data + 1, size - 1);
	text[size - 1] = 0;
	char err[200];
	switch (data[0] % 13) {
	case 0: {
		struct pmd_manifest m;
		if (pmd_manifest_parse(text, &m, err, sizeof(err)) == 0) {
			(void)pmd_manifest_get(&m, "kernel");
			pmd_manifest_free(&m);
		} else if (!err[0]) {
			abort();
		}
		break;
	}
	case 1: {
		struct pmd_dump_msr *r;
		size_t n;
		if (pmd_dumpfmt_parse_msr(text, &r, &n, err, sizeof(err)) == 0) {
			for (size_t i = 0; i < n; i++)
				if (r[i].cpu < 0 || (r[i].err && r[i].value))
					abort();
			free(r);
		}
		break;
	}
	case 2: {
		struct pmd_mmio_rec *r;
		size_t n;
		if (pmd_dumpfmt_parse_mmio(text, &r, &n, err, sizeof(err)) == 0) {
			for (size_t i = 0; i < n; i++)
				if ((r[i].width != 32 && r[i].width != 64) || r[i].addr % (r[i].width / 8))
					abort();
			free(r);
		}
		break;
	}
	case 3: {
		uint64_t t;
		(void)pmd_dumpfmt_parse_time(text, &t);
		break;
	}
	case 4: {
		struct pmd_iomem *m;
		size_t n;
		if (pmd_iomem_parse(text, &m, &n) == 0) {
			for (size_t i = 0; i < n; i++)
				if (m[i].end < m[i].start)
					abort();
			free(m);
		}
		break;
	}
	case 5: {
		struct cpu_raw_data_array_t raw;
		if (pmd_cpuid_parse_libcpuid(text, strlen(text), &raw).st == PMD_OK)
			cpuid_free_raw_data_array(&raw);
		break;
	}
	case 6: {
		struct pmd_irqs irqs;
		if (pmd_irqs_parse(text, &irqs, err, sizeof(err)) == 0) {
			for (size_t i = 0; i < irqs.n; i++)
				if (irqs.line[i].ncount > irqs.ncpu)
					abort();
			pmd_irqs_free(&irqs);
		}
		break;
	}
	case 7: {
		char v[64];
		(void)pmd_cmdline_opt(text, "hpet", v, sizeof(v));
		(void)pmd_cmdline_opt_is(text, "intel_pstate", "support_acpi_ppc");
		break;
	}
	case 8: {
		struct pmd_timer_list tl;
		if (pmd_timer_list_parse(text, &tl, err, sizeof(err)) == 0) {
			for (size_t i = 0; i < tl.ncpu; i++)
				if (pmd_timer_list_cpu(&tl, tl.cpu[i].cpu) == NULL ||
				    strlen(tl.cpu[i].device) >= sizeof(tl.cpu[i].device))
					abort();
			(void)pmd_cpumask_weight(tl.bc_mask);
			(void)pmd_cpumask_weight(tl.bc_oneshot_mask);
			(void)pmd_clockevent_state(tl.bc_state);
			pmd_timer_list_free(&tl);
		} else if (!err[0]) {
			abort();
		}
		break;
	}
	case 9: {
		struct pmd_json *j = pmd_json_parse(text, strlen(text), err, sizeof(err));
		if (j) {
			char buf[64];
			(void)pmd_json_get(j, "schema");
			(void)pmd_json_scalar(j, buf, sizeof(buf));
			for (size_t i = 0; i < j->n; i++)
				(void)pmd_json_scalar(j->elem[i], buf, sizeof(buf));
			pmd_json_free(j);
		} else if (!err[0]) {
			abort();
		}
		break;
	}
	case 10: {
		struct cpu_raw_data_array_t raw;
		struct pmd_res r = pmd_cpuid_parse(text, strlen(text), &raw);
		if (r.st == PMD_OK) {
			for (unsigned i = 0; i < raw.num_raw; i++) {
				char vendor[13], brand[49];
				unsigned fam, model, step;
				uint32_t regs[4];
				(void)pmd_cpuid_vendor(&raw.raw[i], vendor);
				pmd_cpuid_fms(&raw.raw[i], &fam, &model, &step);
				pmd_cpuid_brand(&raw.raw[i], brand);
				(void)pmd_cpuid_leaf(&raw.raw[i], 6, regs);
				(void)pmd_cpuid_leaf(&raw.raw[i], 0x80000007, regs);
				if (strlen(brand) > 48 || strlen(vendor) > 12)
					abort();
			}
			cpuid_free_raw_data_array(&raw);
		} else if (!r.why[0]) {
			abort();
		}
		break;
	}
	case 11: {
		/* What a sysfs or procfs value file may hold. */
		uint64_t u;
		int64_t v;
		unsigned x;
		int *cpus;
		size_t n;
		char *line = strtok(text, "\n");
		while (line) {
			(void)pmd_parse_u64(line, 0, &u);
			(void)pmd_parse_s64(line, 10, &v);
			(void)pmd_parse_uint(line, 16, &x);
			if (pmd_parse_cpulist(line, &cpus, &n) == 0) {
				for (size_t i = 1; i < n; i++)
					if (cpus[i] <= cpus[i - 1])
						abort();
				free(cpus);
			}
			(void)pmd_cpumask_weight(line);
			(void)pmd_strnatcmp(line, "cpu10");
			line = strtok(NULL, "\n");
		}
		break;
	}
	case 12: {
		/* pmc_core's and amd_pmc's debugfs texts: every parser on the bytes as they
		 * are (no NUL after them), rows bounded, names terminated, a failure said */
		const char *b = (const char *)data + 1;
		size_t len = size - 1, n;
		struct pmd_pmc_ip *ip;
		struct pmd_pmc_ltr *ltr;
		struct pmd_pmc_req *req;
		struct pmd_amd_pmc amd;
		uint64_t us;
		err[0] = 0;
		if (pmd_pmc_ips_parse(b, len, &ip, &n, err, sizeof(err)) < 0 ? !err[0] || n : !n)
			abort();
		for (size_t i = 0; i < n; i++)
			if (strnlen(ip[i].name, sizeof(ip[i].name)) == sizeof(ip[i].name))
				abort();
		free(ip);
		err[0] = 0;
		if (pmd_pmc_ltr_parse(b, len, &ltr, &n, err, sizeof(err)) < 0 ? !err[0] || n : !n)
			abort();
		if (n > PMD_PMC_MAX_ROWS)
			abort();
		free(ltr);
		err[0] = 0;
		if (pmd_pmc_req_parse(b, len, &req, &n, err, sizeof(err)) < 0 && !err[0])
			abort();
		for (size_t i = 0; i < n; i++)
			if (strnlen(req[i].modes, sizeof(req[i].modes)) == sizeof(req[i].modes) ||
			    req[i].status < -1 || req[i].status > 1)
				abort();
		free(req);
		err[0] = 0;
		if (pmd_amd_pmc_parse(b, len, &amd, err, sizeof(err)) < 0 && !err[0])
			abort();
		if (amd.nip > 64)
			abort();
		err[0] = 0;
		if (pmd_amd_s0ix_stats_parse(b, len, &us, err, sizeof(err)) < 0 && !err[0])
			abort();
		break;
	}
	}
	free(text);
	return 0;
}
