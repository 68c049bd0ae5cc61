// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for lspci text dumps read through libpci (lib/source/pcicfg.c):
 * any input must end as a result, never exit() or a crash. Inputs that open
 * are also written back with pmd_pcicfg_write_all() and must re-read the same.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <pci/pci.h>

#include "format/lspcitext.h"
#include "format/pcie.h"
#include "source/pcicfg.h"
#include "util/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input as a file libpci can fopen(): a memfd named through /proc/self/fd. */
static int to_file(const void *data, size_t size, char *path, size_t n)
{
	int fd = memfd_create("fuzz-lspci", MFD_CLOEXEC);
	if (fd < 0)
		abort();
	if (size && write(fd, data, size) != (ssize_t)size)
		abort();
	snprintf(path, n, "/proc/self/fd/%d", fd);
	return fd;
}

static void exercise(struct pci_access *a)
{
	uint8_t buf[4096];
	static const int probes[][2] = { { 0, 4 }, { 0, 64 }, { 0x40, 4 }, { 0xfc, 4 },
					 { 0x100, 4 }, { 0xffc, 4 }, { 0, 4096 } };
	for (struct pci_dev *d = a->devices; d; d = d->next) {
		char name[32];
		pmd_pcicfg_name(d, name, sizeof(name));
		int sz = pmd_pcicfg_size(d);
		if (sz != 0 && sz != 64 && sz != 256 && sz != 4096)
			abort();
		if (sz && pmd_pcicfg_read(d, true, 0, buf, sz).st != PMD_OK)
			abort();
		if (sz >= 64) {
			/* the PCIe link registers of whatever the bytes say */
			struct pmd_pcie pe;
			int rc = pmd_pcie_decode(buf, (size_t)sz, &pe);
			if ((rc < 0) != (pe.problem[0] != 0) || pe.l1ss_off >= 4096 ||
			    pe.ltr_off >= 4096 || pe.dsn_off >= 4096 || pe.exp_off >= 256)
				abort();
			(void)pmd_pcie_l12_threshold_ns(&pe);
		}
		for (size_t i = 0; i < PMD_ARRAY_SIZE(probes); i++) {
			int pos = probes[i][0], len = probes[i][1];
			struct pmd_res r = pmd_pcicfg_read(d, true, pos, buf, len);
			/* Beyond sz a partly recorded tail may still read. */
			if (r.st != PMD_OK && (r.st != PMD_NOT_RECORDED || pos + len <= sz))
				abort();
		}
		(void)pmd_pcicfg_default_record(d);
	}
	for (struct pci_dev *d = pmd_pcicfg_find_class(a, 0x0601, NULL); d;
	     d = pmd_pcicfg_find_class(a, 0x0601, d))
		if (d->device_class != 0x0601)
			abort();
}

/* Written back and re-read, every device keeps its address, size and bytes. */
static void round_trip(struct pci_access *a)
{
	char *text = NULL, path[64];
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		abort();
	int n = pmd_pcicfg_write_all_opts(f, a, true, true, false, NULL); /* unredacted */
	fclose(f);
	int fd = to_file(text, len, path, sizeof(path));
	free(text);
	struct pci_access *b = NULL;
	struct pmd_res r = pmd_pcicfg_open(path, &b, NULL, 0);
	close(fd);
	int cnt = 0;
	for (struct pci_dev *d = a->devices; d; d = d->next)
		cnt++;
	if (n != cnt)
		abort();
	if (r.st != PMD_OK) {
		/* Only when no device had a config byte the reader would count. */
		if (r.st != PMD_INVALID)
			abort();
		return;
	}
	struct pci_dev *x = a->devices, *y = b->devices;
	for (; x && y; x = x->next, y = y->next) {
		uint8_t bx[4096], by[4096];
		int sz = pmd_pcicfg_size(x);
		if (x->domain != y->domain || x->bus != y->bus || x->dev != y->dev ||
		    x->func != y->func || pmd_pcicfg_size(y) != sz)
			abort();
		if (sz && (pmd_pcicfg_read(x, true, 0, bx, sz).st != PMD_OK ||
			   pmd_pcicfg_read(y, true, 0, by, sz).st != PMD_OK || memcmp(bx, by, sz)))
			abort();
	}
	if (x || y)
		abort();
	pmd_pcicfg_close(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* the same bytes as lspci -vv text: every function's decoded link bits */
	struct pmd_lspci_text t;
	if (pmd_lspci_text_parse((const char *)data, size, &t) == 0) {
		for (size_t i = 0; i < t.n; i++)
			if (t.d[i].dev > 31 || t.d[i].func > 7 || (t.d[i].pe.lnkctl & ~0x103u))
				abort();
		pmd_lspci_text_free(&t);
	} else if (!t.problem[0] || t.n) {
		abort();
	}
	char path[64];
	int fd = to_file(data, size, path, sizeof(path));
	struct pci_access *a = NULL;
	struct pmd_res r = pmd_pcicfg_open(path, &a, NULL, 0);
	close(fd);
	if (r.st == PMD_OK) {
		if (!a)
			abort();
		exercise(a);
		round_trip(a);
		pmd_pcicfg_close(a);
	} else if (a || !r.why[0] || (r.st != PMD_INVALID && r.st != PMD_UNREADABLE)) {
		abort();
	}
	return 0;
}
