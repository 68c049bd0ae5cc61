// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests of the Prometheus rendering of an output tree (lib/out/out-prom.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out/out.h"
#include "unit.h"

static char *render(const struct pmd_out *o)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	CHECK(f != NULL);
	if (!f)
		return NULL;
	CHECK_EQ(pmd_out_print(o, PMD_FMT_PROMETHEUS, f), 0);
	fclose(f);
	return buf;
}

TEST(prom_marked_values_labels_and_units)
{
	struct pmd_out *o = pmd_out_new();
	pmd_out_sample(o, "x_info", "version", "version=\"1\"", 1);
	pmd_out_uint(o, "unmarked", "Unmarked", 7, NULL);
	pmd_out_list(o, "zones", NULL);
	for (int z = 0; z < 2; z++) {
		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, "zone", NULL, z ? "tz1" : "tz\"0");
		pmd_out_metric_label(o, "zone");
		pmd_out_int(o, "temp_mc", NULL, z ? -1500 : 47000, NULL);
		pmd_out_metric(o, "x_zone_celsius", "zone temperature", 1e-3);
		pmd_out_table(o, "trips", NULL);
		pmd_out_metric_index(o, "trip");
		for (int t = 0; t < 2; t++) {
			pmd_out_obj(o, NULL, NULL);
			pmd_out_str(o, "type", NULL, t ? "passive" : "critical");
			pmd_out_metric_label(o, "type");
			if (z == 1 && t == 1)
				pmd_out_null(o, "temp_mc", NULL); /* unknown: no sample */
			else
				pmd_out_int(o, "temp_mc", NULL, 100000 - t * 5000, NULL);
			pmd_out_metric(o, "x_trip_celsius", "trip", 1e-3);
			pmd_out_end(o);
		}
		pmd_out_end(o);
		pmd_out_end(o);
	}
	pmd_out_end(o);
	pmd_out_bool(o, "present", NULL, false);
	pmd_out_metric(o, "x_present", "present", 1);
	/* labels: outer sections first, then the element index, then the element's own;
	 * the same series shown twice (a summary and a whole section) is one sample */
	pmd_out_obj(o, "again", NULL);
	pmd_out_bool(o, "present", NULL, false);
	pmd_out_metric(o, "x_present", "present", 1);
	pmd_out_end(o);
	char *s = render(o);
	CHECK_STR(s, "# HELP x_info version\n# TYPE x_info gauge\nx_info{version=\"1\"} 1\n"
		     "# HELP x_zone_celsius zone temperature\n# TYPE x_zone_celsius gauge\n"
		     "x_zone_celsius{zone=\"tz\\\"0\"} 47\nx_zone_celsius{zone=\"tz1\"} -1.5\n"
		     "# HELP x_trip_celsius trip\n# TYPE x_trip_celsius gauge\n"
		     "x_trip_celsius{zone=\"tz\\\"0\",trip=\"0\",type=\"critical\"} 100\n"
		     "x_trip_celsius{zone=\"tz\\\"0\",trip=\"1\",type=\"passive\"} 95\n"
		     "x_trip_celsius{zone=\"tz1\",trip=\"0\",type=\"critical\"} 100\n"
		     "# HELP x_present present\n# TYPE x_present gauge\nx_present 0\n");
	free(s);
	/* text and JSON do not show the marks */
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	pmd_out_print(o, PMD_FMT_JSON, f);
	fclose(f);
	CHECK(buf && !strstr(buf, "x_zone_celsius") && strstr(buf, "\"unmarked\": 7"));
	free(buf);
	pmd_out_free(o);
}
