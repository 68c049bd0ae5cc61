// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the kernel log parser (format/klog.c, klog-facts.c) and the
 * log redaction (format/redact.c): the first byte picks the boot asked for (as
 * journalctl -b counts, -4..3), the rest is the log. Every fact's arguments and
 * line are read back, every parameter looked up, and the redaction runs over
 * the text, so that the offsets they keep are checked on hostile input too.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "format/klog.h"
#include "format/redact.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || size > (1u << 22))
		return 0;
	struct pmd_klog_opts o = { .boot = (int)(data[0] & 7) - 4 };
	size_t len = size - 1;
	/* the parser takes text and length: no NUL at the end */
	char *text = malloc(len ? len : 1);
	memcpy(text, data + 1, len);
	struct pmd_klog k;
	if (pmd_klog_parse(text, len, &o, &k) == 0) {
		char buf[64];
		uint64_t v;
		for (size_t i = 0; i < k.nfact; i++) {
			const struct pmd_klog_fact *f = &k.fact[i];
			if (f->line >= k.n || pmd_klog_lineno(&k, (int)i) == 0)
				abort();
			for (unsigned a = 0; a <= f->narg; a++) {
				(void)pmd_klog_arg(&k, f, a, buf, sizeof(buf));
				(void)pmd_klog_arg_u64(&k, f, a, &v);
			}
		}
		for (size_t i = 0; i < k.n; i++) {
			const struct pmd_klog_line *l = &k.line[i];
			if ((size_t)l->raw + l->rawlen > len || (size_t)l->msg + l->msglen >= k.msgs_len ||
			    (size_t)l->wall + l->walllen > len || strlen(pmd_klog_msg(&k, i)) > l->msglen)
				abort();
		}
		for (size_t i = 0; i < k.nparam; i++) {
			char key[32];
			size_t kl = k.param[i].klen < sizeof(key) - 1 ? k.param[i].klen : sizeof(key) - 1;
			memcpy(key, k.msgs + k.param[i].key, kl);
			key[kl] = 0;
			(void)pmd_klog_param(&k, key, buf, sizeof(buf));
		}
		pmd_klog_free(&k);
	} else if (!k.problem[0]) {
		abort();
	}
	struct pmd_redaction r = { 0 };
	pmd_redact_log(text, len, "zenbox", &r);
	free(text);
	return 0;
}
