// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the dump's own text files: the first byte picks the
 * parser (manifest, msr.txt, mmio.txt, snapshot time, /proc/iomem, cpuid.txt
 * through the sanity check and libcpuid, /proc/interrupts, the kernel command
 * line), the rest is the file.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <libcpuid/libcpuid.h>

#include "dumpfmt.h"
#include "procparse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || size > (1u << 20))
		return 0;
	char *text = malloc(size);
	memcpy(text, data + 1, size - 1);
	text[size - 1] = 0;
	char err[200];
	switch (data[0] % 8) {
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
		/* libcpuid reads files: hand it the text through a memfd. */
		int fd = memfd_create("cpuid", MFD_CLOEXEC);
		if (fd < 0)
			break;
		if (write(fd, text, strlen(text)) == (ssize_t)strlen(text)) {
			char path[64];
			struct cpu_raw_data_array_t raw;
			snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
			if (pmd_dumpfmt_load_cpuid(path, &raw).st == PMD_OK)
				cpuid_free_raw_data_array(&raw);
		}
		close(fd);
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
		break;
	}
	}
	free(text);
	return 0;
}
