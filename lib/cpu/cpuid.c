// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoding of libcpuid raw data. The rules for family and model are the
 * ones of Linux's x86_family()/x86_model() (arch/x86/lib/cpu.c).
 */
#include "cpu/cpuid.h"

#include <string.h>

enum pmd_vendor pmd_cpuid_vendor(const struct cpu_raw_data_t *r, char vendor[13])
{
	memcpy(vendor, &r->basic_cpuid[0][PMD_EBX], 4);
	memcpy(vendor + 4, &r->basic_cpuid[0][PMD_EDX], 4);
	memcpy(vendor + 8, &r->basic_cpuid[0][PMD_ECX], 4);
	vendor[12] = 0;
	for (int i = 0; i < 12; i++)
		if ((unsigned char)vendor[i] < 0x20 || (unsigned char)vendor[i] > 0x7e)
			vendor[i] = '?';
	if (!strcmp(vendor, "GenuineIntel"))
		return PMD_VENDOR_INTEL;
	if (!strcmp(vendor, "AuthenticAMD") || !strcmp(vendor, "HygonGenuine"))
		return PMD_VENDOR_AMD;
	return PMD_VENDOR_ANY;
}

bool pmd_cpuid_hypervisor(const struct cpu_raw_data_t *r)
{
	uint32_t regs[4];
	return pmd_cpuid_leaf(r, 1, regs) && (regs[PMD_ECX] >> 31 & 1);
}

bool pmd_cpuid_leaf(const struct cpu_raw_data_t *r, uint32_t leaf, uint32_t regs[4])
{
	memset(regs, 0, 4 * sizeof(uint32_t));
	if (leaf < 0x80000000u) {
		if (leaf > r->basic_cpuid[0][PMD_EAX] || leaf >= MAX_CPUID_LEVEL)
			return false;
		memcpy(regs, r->basic_cpuid[leaf], 4 * sizeof(uint32_t));
		return true;
	}
	uint32_t max = r->ext_cpuid[0][PMD_EAX];
	if (max < 0x80000000u || leaf > max || leaf - 0x80000000u >= MAX_EXT_CPUID_LEVEL)
		return false;
	memcpy(regs, r->ext_cpuid[leaf - 0x80000000u], 4 * sizeof(uint32_t));
	return true;
}

void pmd_cpuid_missing(const struct cpu_raw_data_t *r, uint32_t leaf, char *why, size_t n)
{
	uint32_t regs[4];
	if (!n)
		return;
	why[0] = 0;
	if (pmd_cpuid_leaf(r, leaf, regs))
		return;
	bool ext = leaf >= 0x80000000u;
	uint32_t max = ext ? r->ext_cpuid[0][PMD_EAX] : r->basic_cpuid[0][PMD_EAX];
	if (ext && max < 0x80000000u)
		snprintf(why, n, "CPUID leaf 0x%x not implemented: no extended leaves", leaf);
	else if (leaf - (ext ? 0x80000000u : 0) >= (ext ? MAX_EXT_CPUID_LEVEL : MAX_CPUID_LEVEL))
		snprintf(why, n, "CPUID leaf 0x%x not recorded: beyond what libcpuid keeps", leaf);
	else
		snprintf(why, n, ext ? "CPUID leaf 0x%x not implemented: max extended leaf 0x%x"
				     : "CPUID leaf %u not implemented: max standard leaf %u",
			 leaf, max);
}

bool pmd_cpuid_arat(const struct cpu_raw_data_t *r, char *why, size_t n)
{
	uint32_t l6[4];
	bool has = pmd_cpuid_leaf(r, 6, l6);

	pmd_cpuid_missing(r, 6, why, n);
	return has && (l6[PMD_EAX] >> 2 & 1);
}

void pmd_cpuid_fms(const struct cpu_raw_data_t *r, unsigned *family, unsigned *model,
		   unsigned *stepping)
{
	uint32_t sig = r->basic_cpuid[0][PMD_EAX] >= 1 ? r->basic_cpuid[1][PMD_EAX] : 0;
	unsigned fam = (sig >> 8) & 0xf, mod = (sig >> 4) & 0xf;
	if (fam == 0xf)
		fam += (sig >> 20) & 0xff;
	if (fam >= 6)
		mod += ((sig >> 16) & 0xf) << 4;
	*family = fam;
	*model = mod;
	*stepping = sig & 0xf;
}

void pmd_cpuid_brand(const struct cpu_raw_data_t *r, char brand[49])
{
	uint32_t regs[4];
	brand[0] = 0;
	for (uint32_t l = 0; l < 3; l++) {
		if (!pmd_cpuid_leaf(r, 0x80000002u + l, regs))
			return;
		memcpy(brand + 16 * l, regs, 16);
	}
	brand[48] = 0;
	for (int i = 0; i < 48 && brand[i]; i++)
		if ((unsigned char)brand[i] < 0x20 || (unsigned char)brand[i] > 0x7e)
			brand[i] = '?';
	char *s = brand;
	while (*s == ' ')
		s++;
	memmove(brand, s, strlen(s) + 1);
	size_t l = strlen(brand);
	while (l && brand[l - 1] == ' ')
		brand[--l] = 0;
}
