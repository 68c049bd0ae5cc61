// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-race --plot: an SVG chart of energy against setting, task energy and
 * window energy side by side with their 95% confidence intervals, written
 * without any library (SVG is text) and atomically (a temporary file renamed).
 */
#include "probe/race/race-int.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define W 760
#define H 480
#define ML 70  /* margins */
#define MR 20
#define MT 80
#define MB 140
#define WRAP 118 /* characters per line of the verdict */

static void xml_text(struct pmd_buf *b, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<':
			pmd_buf_puts(b, "&lt;");
			break;
		case '>':
			pmd_buf_puts(b, "&gt;");
			break;
		case '&':
			pmd_buf_puts(b, "&amp;");
			break;
		case '"':
			pmd_buf_puts(b, "&quot;");
			break;
		default:
			pmd_buf_putc(b, *s);
		}
	}
}

/* A "nice" tick step for a range (1, 2 or 5 times a power of ten). */
static double nice_step(double range)
{
	double raw = range / 5, p = pow(10, floor(log10(raw))), f = raw / p;
	return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * p;
}

static double top_of(const struct race_stat *st)
{
	return st->has_ci ? st->hi : st->mean;
}

int pmd_race_plot(const struct pmd_race *r, const char *path, char *err, size_t n)
{
	if (!r->measured || !r->nset) {
		snprintf(err, n, "nothing measured to plot");
		return -1;
	}
	struct pmd_buf b = { 0 };
	double ymax = 0;
	for (size_t i = 0; i < r->nset; i++) {
		double a = top_of(&r->set[i].st_task_j), c = top_of(&r->set[i].st_window_j);
		ymax = fmax(ymax, fmax(a, c));
	}
	if (!(ymax > 0))
		ymax = 1;
	double step = nice_step(ymax);
	ymax = ceil(ymax / step) * step;
	double ph = H - MT - MB, pw = W - ML - MR;
#define Y(v) (MT + ph - (v) / ymax * ph)
	pmd_buf_printf(&b,
		       "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		       "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		       "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n"
		       "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
		       W, H, W, H);
	pmd_buf_puts(&b, "<text x=\"10\" y=\"20\" font-size=\"14\" font-weight=\"bold\">");
	xml_text(&b, "pmdiag-race: energy per task, full speed against throttled settings");
	pmd_buf_puts(&b, "</text>\n<text x=\"10\" y=\"38\" font-size=\"11\">");
	char sub[300];
	snprintf(sub, sizeof(sub), "%s; window %.3f s; %u rounds; bars: mean, whiskers: 95%% CI",
		 r->meter ? r->meter->desc : "", r->window_s, r->rounds);
	xml_text(&b, sub);
	pmd_buf_puts(&b, "</text>\n");
	/* axes and grid */
	int nticks = (int)llround(ymax / step);
	for (int i = 0; i <= nticks; i++) {
		double v = step * i;
		pmd_buf_printf(&b,
			       "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>\n"
			       "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n",
			       ML, Y(v), W - MR, Y(v), ML - 6, Y(v) + 4, v);
	}
	pmd_buf_printf(&b,
		       "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%.1f\" stroke=\"black\"/>\n"
		       "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"black\"/>\n"
		       "<text x=\"16\" y=\"%.1f\" transform=\"rotate(-90 16 %.1f)\" "
		       "text-anchor=\"middle\">energy (J)</text>\n",
		       ML, MT, ML, MT + ph, ML, MT + ph, W - MR, MT + ph, MT + ph / 2, MT + ph / 2);
	double slot = pw / (double)r->nset, bw = slot * 0.32;
	for (size_t i = 0; i < r->nset; i++) {
		const struct race_setting *st = &r->set[i];
		double x0 = ML + slot * (double)i + slot * 0.15;
		const struct race_stat *v[2] = { &st->st_task_j, &st->st_window_j };
		static const char *const fill[2] = { "#9ecae1", "#3182bd" };
		for (int k = 0; k < 2; k++) {
			double x = x0 + bw * k, m = fmax(v[k]->mean, 0);
			pmd_buf_printf(&b,
				       "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
				       "fill=\"%s\"><title>%s %s: %.3f J</title></rect>\n",
				       x, Y(m), bw, MT + ph - Y(m), fill[k], st->name,
				       k ? "window" : "task", v[k]->mean);
			if (v[k]->has_ci) {
				double cx = x + bw / 2;
				pmd_buf_printf(&b,
					       "<path d=\"M%.1f %.1fV%.1fM%.1f %.1fH%.1fM%.1f %.1fH%.1f\" "
					       "stroke=\"black\" fill=\"none\"/>\n",
					       cx, Y(fmax(v[k]->lo, 0)), Y(v[k]->hi), cx - 4,
					       Y(v[k]->hi), cx + 4, cx - 4, Y(fmax(v[k]->lo, 0)), cx + 4);
			}
		}
		double lx = ML + slot * ((double)i + 0.5);
		pmd_buf_printf(&b,
			       "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" "
			       "transform=\"rotate(-30 %.1f %.1f)\">",
			       lx, MT + ph + 16, lx, MT + ph + 16);
		xml_text(&b, st->name);
		pmd_buf_puts(&b, "</text>\n");
	}
	pmd_buf_puts(&b, "<rect x=\"10\" y=\"50\" width=\"12\" height=\"12\" fill=\"#9ecae1\"/>"
			 "<text x=\"26\" y=\"60\">task</text>\n"
			 "<rect x=\"70\" y=\"50\" width=\"12\" height=\"12\" fill=\"#3182bd\"/>"
			 "<text x=\"86\" y=\"60\">common window (the task, then idle)</text>\n");
	/* The verdict under the chart, wrapped at spaces. */
	const char *t = r->verdict.text;
	for (int line = 0; *t && line < 3; line++) {
		size_t len = strlen(t), cut = len;
		if (len > WRAP) {
			cut = WRAP;
			while (cut > 0 && t[cut] != ' ')
				cut--;
			if (!cut)
				cut = WRAP;
		}
		char part[WRAP + 1];
		snprintf(part, sizeof(part), "%.*s", (int)cut, t);
		pmd_buf_printf(&b, "<text x=\"10\" y=\"%d\" font-size=\"11\">", H - 44 + 14 * line);
		xml_text(&b, part);
		pmd_buf_puts(&b, "</text>\n");
		t += cut;
		while (*t == ' ')
			t++;
	}
	pmd_buf_puts(&b, "</svg>\n");
#undef Y

	char *tmp = pmd_xasprintf("%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	bool ok = f && fwrite(b.s, 1, b.len, f) == b.len;
	int e = errno;
	if (f && fclose(f) != 0 && ok) {
		ok = false;
		e = errno;
	}
	pmd_buf_free(&b);
	if (!ok || rename(tmp, path) < 0) {
		snprintf(err, n, "%s: %s", path, strerror(ok ? errno : e));
		unlink(tmp);
		free(tmp);
		return -1;
	}
	free(tmp);
	return 0;
}
