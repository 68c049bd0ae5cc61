// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-report: every probe's findings first, then each probe's section, in
 * text, Markdown, JSON or Prometheus form; --diff compares two reports;
 * several --dump at once write one JSON report each and count the findings.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "acpi/aml-eval.h"
#include "probe/check.h"
#include "cli.h"
#include "report/report.h"

enum { OPT_FORMAT = PMD_OPT_FIRST_TOOL, OPT_DIFF, OPT_OUT, OPT_JOBS, OPT_OUTPUT };
enum rfmt { F_TEXT, F_JSON, F_MARKDOWN, F_PROMETHEUS };

static const char tool_help[] =
	"  -f, --format FORMAT       text (default), markdown, json or prometheus\n"
	"      --output FILE         write the report to FILE, atomically: a temporary file\n"
	"                            in FILE's directory, renamed over FILE when complete\n"
	"                            (node_exporter's textfile collector never reads half)\n"
	"      --diff A B            compare two reports: dumps or saved JSON reports\n"
	"  -o, --out DIR             with several --dump: one JSON report per dump in DIR\n"
	"                            and a table of the findings across them\n"
	"      --jobs N              dumps reported at once with --out (default: the CPUs)\n";

/*
 * --output FILE: the report goes to a temporary file beside FILE (same directory, so
 * the rename is atomic; a name starting with '.' and not ending in .prom, so the
 * textfile collector skips it), then is synced and renamed over FILE. A reader sees
 * the old file or the new one, never a part. On any error, and on SIGINT, SIGTERM
 * and SIGHUP, the temporary file is removed.
 */
static char out_tmp[4096]; /* the temporary file while it exists, for the signal handler */

static void out_signal(int sig)
{
	if (out_tmp[0])
		unlink(out_tmp);
	signal(sig, SIG_DFL);
	raise(sig);
}

static int out_fail(struct pmd_cli *c, const char *path, const char *why)
{
	fprintf(stderr, "%s: --output %s: %s\n", c->prog, path, why);
	if (out_tmp[0]) {
		unlink(out_tmp);
		out_tmp[0] = 0;
	}
	return PMD_EXIT_ERROR;
}

static FILE *out_open(struct pmd_cli *c, const char *path)
{
	struct stat st;
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	if (!*base) {
		out_fail(c, path, "a file name is needed, not a directory");
		return NULL;
	}
	/* rename() would replace a device, a FIFO or a link: only a regular file is replaced */
	if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		out_fail(c, path, S_ISDIR(st.st_mode) ? "is a directory"
				  : "not a regular file (only a regular file is replaced)");
		return NULL;
	}
	int n = snprintf(out_tmp, sizeof(out_tmp), "%.*s.%s.XXXXXX", slash ? (int)(slash - path + 1) : 0,
			 path, base);
	if (n < 0 || (size_t)n >= sizeof(out_tmp)) {
		out_tmp[0] = 0;
		out_fail(c, path, strerror(ENAMETOOLONG));
		return NULL;
	}
	struct sigaction sa = { .sa_handler = out_signal };
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	int fd = mkstemp(out_tmp);
	if (fd < 0) {
		int e = errno;
		out_tmp[0] = 0;
		out_fail(c, path, strerror(e));
		return NULL;
	}
	/* mkstemp makes 0600: a report file is readable as any file the user creates
	 * (node_exporter does not run as root) */
	mode_t um = umask(0);
	umask(um);
	FILE *f = fchmod(fd, 0666 & ~um) == 0 ? fdopen(fd, "w") : NULL;
	if (!f) {
		int e = errno;
		close(fd);
		out_fail(c, path, strerror(e));
		return NULL;
	}
	return f;
}

/* Flush, sync, rename over path. Returns the exit code. */
static int out_close(struct pmd_cli *c, const char *path, FILE *f, int rc)
{
	if (rc) {
		fclose(f);
		unlink(out_tmp);
		out_tmp[0] = 0;
		return rc;
	}
	errno = 0;
	if (fflush(f) != 0 || ferror(f) || fsync(fileno(f)) != 0) {
		int e = errno ? errno : EIO;
		fclose(f);
		return out_fail(c, path, strerror(e));
	}
	if (fclose(f) != 0 || rename(out_tmp, path) != 0)
		return out_fail(c, path, strerror(errno));
	out_tmp[0] = 0;
	return PMD_EXIT_OK;
}

static int one(struct pmd_cli *c, enum rfmt fmt, const char *output)
{
	struct pmd_src *s = pmd_cli_open(c);
	/* a recorded machine: acpiexec loads its tables while the report reads them */
	pmd_aml_eval_prefetch(s);
	struct pmd_report *r = pmd_report_collect(s, NULL, true);
	pmd_cli_warnings(s);
	/* the temporary file exists only while the report is written, not while measuring */
	FILE *f = stdout;
	if (output && !(f = out_open(c, output))) {
		pmd_report_free(r);
		pmd_src_close(s);
		return PMD_EXIT_ERROR;
	}
	int rc = 0;
	errno = 0;
	if (fmt == F_PROMETHEUS) {
		rc = pmd_report_prometheus(r, f) < 0;
	} else {
		const char *nc = getenv("NO_COLOR"); /* no-color.org: set and not empty */
		bool color = fmt == F_TEXT && !output && isatty(1) && !(nc && *nc);
		struct pmd_out *o = pmd_out_new();
		c->fmt = fmt == F_JSON ? PMD_FMT_JSON : fmt == F_MARKDOWN ? PMD_FMT_MARKDOWN
									 : PMD_FMT_TEXT;
		pmd_report_build(r, o, c->fmt, color);
		rc = pmd_out_print(o, c->fmt, f) < 0;
		pmd_out_free(o);
	}
	if (rc) {
		int e = errno ? errno : EIO;
		if (output)
			out_fail(c, output, strerror(e));
		else
			fprintf(stderr, "%s: write error: %s\n", c->prog, strerror(e));
		rc = PMD_EXIT_ERROR;
	}
	pmd_report_free(r);
	pmd_src_close(s);
	return output ? out_close(c, output, f, rc) : rc;
}

/* The name of a dump's report file: its basename without archive suffixes. */
static char *report_name(const char *dump)
{
	char *copy = pmd_xstrdup(dump);
	size_t l = strlen(copy);
	while (l > 1 && copy[l - 1] == '/')
		copy[--l] = 0;
	const char *b = strrchr(copy, '/');
	char *name = pmd_xstrdup(b ? b + 1 : copy);
	static const char *const ext[] = { ".tar.xz", ".tar.gz", ".tar.bz2", ".tgz", ".txz", ".tar" };
	for (size_t i = 0; i < PMD_ARRAY_SIZE(ext); i++) {
		size_t nl = strlen(name), el = strlen(ext[i]);
		if (nl > el && !strcmp(name + nl - el, ext[i])) {
			name[nl - el] = 0;
			break;
		}
	}
	free(copy);
	return name;
}

/* Report one dump into DIR/<name>.json (atomically); "status id id ..." line on fd. */
/*
 * The worker's line goes to the shared summary file in one write(): with
 * O_APPEND, lines of parallel workers never interleave.
 */
static void put_line(int fd, struct pmd_buf *b)
{
	char *line = pmd_buf_steal(b);
	size_t len = strlen(line), off = 0;
	while (off < len) {
		ssize_t w = write(fd, line + off, len - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			break;
		off += (size_t)w;
	}
	free(line);
}

static int report_dump(struct pmd_cli *c, const char *dump, const char *name, const char *dir,
		       int fd)
{
	struct pmd_res why;
	struct pmd_src *s = pmd_src_open_dump(dump, &c->so, &why);
	struct pmd_buf line = { 0 };
	int rc = 0;
	if (!s) {
		pmd_buf_printf(&line, "ERR\t%s\t%s: %s\n", name, dump, why.why);
		put_line(fd, &line);
		return 1;
	}
	struct pmd_report *r = pmd_report_collect(s, NULL, false);
	struct pmd_out *o = pmd_out_new();
	pmd_report_build(r, o, PMD_FMT_JSON, false);
	char *tmp = pmd_xasprintf("%s/.%s.json.partial", dir, name);
	char *final = pmd_xasprintf("%s/%s.json", dir, name);
	FILE *f = fopen(tmp, "w");
	if (!f || pmd_out_print(o, PMD_FMT_JSON, f) < 0 || fclose(f) != 0 || rename(tmp, final) < 0) {
		pmd_buf_printf(&line, "ERR\t%s\tcannot write %s: %s\n", name, final, strerror(errno));
		unlink(tmp);
		rc = 1;
	} else {
		const struct pmd_checks *k = pmd_report_findings(r);
		pmd_buf_printf(&line, "OK\t%s", name);
		for (size_t i = 0; i < k->n; i++)
			pmd_buf_printf(&line, "\t%s:%s", pmd_severity_name(k->v[i].sev), k->v[i].id);
		pmd_buf_putc(&line, '\n');
	}
	put_line(fd, &line);
	free(tmp);
	free(final);
	pmd_out_free(o);
	pmd_report_free(r);
	pmd_src_close(s);
	return rc;
}

struct count {
	char *key;
	unsigned n;
};

static int many(struct pmd_cli *c, char **dumps, size_t n, const char *dir, unsigned jobs)
{
	if (mkdir(dir, 0755) < 0 && errno != EEXIST) {
		fprintf(stderr, "%s: %s: %s\n", c->prog, dir, strerror(errno));
		return 1;
	}
	char *log = pmd_xasprintf("%s/.summary.partial", dir);
	int fd = open(log, O_RDWR | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0) {
		fprintf(stderr, "%s: %s: %s\n", c->prog, log, strerror(errno));
		free(log);
		return 1;
	}
	if (!jobs) {
		long cpus = sysconf(_SC_NPROCESSORS_ONLN);
		jobs = cpus > 0 ? (unsigned)cpus : 1;
	}
	if (jobs > n)
		jobs = (unsigned)n;
	/* Each dump's report name, made unique before the workers start: a/dump and
	 * b/dump give dump.json and dump-2.json, never one over the other. */
	char **names = pmd_xcalloc(n, sizeof(*names));
	for (size_t i = 0; i < n; i++) {
		char *base = report_name(dumps[i]);
		names[i] = pmd_xstrdup(base);
		for (unsigned k = 2;; k++) {
			bool taken = false;
			for (size_t j = 0; j < i && !taken; j++)
				taken = !strcmp(names[j], names[i]);
			if (!taken)
				break;
			free(names[i]);
			names[i] = pmd_xasprintf("%s-%u", base, k);
		}
		free(base);
	}
	fflush(NULL);
	for (unsigned w = 0; w < jobs; w++) {
		pid_t pid = fork();
		if (pid < 0) {
			fprintf(stderr, "%s: fork: %s\n", c->prog, strerror(errno));
			jobs = w;
			break;
		}
		if (pid == 0) {
			int bad = 0;
			for (size_t i = w; i < n; i += jobs)
				bad |= report_dump(c, dumps[i], names[i], dir, fd);
			/* the parent's allocations, copied by fork: freed, so no checker calls them lost */
			for (size_t i = 0; i < n; i++)
				free(names[i]);
			free(names);
			free(log);
			_exit(bad);
		}
	}
	int rc = 0;
	for (unsigned w = 0; w < jobs; w++) {
		int st;
		if (wait(&st) < 0 || !WIFEXITED(st) || WEXITSTATUS(st))
			rc = 1;
	}
	/* the summary: machines, then each finding and on how many machines */
	lseek(fd, 0, SEEK_SET);
	FILE *in = fdopen(fd, "r");
	char line[8192];
	struct count *cnt = NULL;
	size_t ncnt = 0, ok = 0, bad = 0;
	while (in && fgets(line, sizeof(line), in)) {
		line[strcspn(line, "\n")] = 0;
		char *save = NULL, *st = strtok_r(line, "\t", &save), *name = strtok_r(NULL, "\t", &save);
		if (!st || !name)
			continue;
		if (strcmp(st, "OK")) {
			fprintf(stderr, "%s: %s: %s\n", c->prog, name, save ? save : "failed");
			bad++;
			continue;
		}
		ok++;
		char *seen[256];
		size_t nseen = 0;
		for (char *id = strtok_r(NULL, "\t", &save); id; id = strtok_r(NULL, "\t", &save)) {
			/* a finding counts once per machine */
			bool dup = false;
			for (size_t q = 0; q < nseen && !dup; q++)
				dup = !strcmp(seen[q], id);
			if (dup)
				continue;
			if (nseen < PMD_ARRAY_SIZE(seen))
				seen[nseen++] = id;
			size_t k;
			for (k = 0; k < ncnt && strcmp(cnt[k].key, id); k++)
				;
			if (k == ncnt) {
				cnt = pmd_xrealloc(cnt, (ncnt + 1) * sizeof(*cnt));
				cnt[ncnt++] = (struct count){ pmd_xstrdup(id), 0 };
			}
			cnt[k].n++;
		}
	}
	if (in)
		fclose(in);
	else
		close(fd);
	unlink(log);
	free(log);
	printf("%zu report%s written to %s/, %zu failed\n", ok, ok == 1 ? "" : "s", dir, bad);
	printf("%-8s  %-36s  %s\n", "Machines", "Finding", "Severity");
	/* most frequent first, then by name: a stable table */
	for (size_t i = 1; i < ncnt; i++)
		for (size_t j = i; j > 0 && (cnt[j - 1].n < cnt[j].n ||
					     (cnt[j - 1].n == cnt[j].n &&
					      strcmp(cnt[j - 1].key, cnt[j].key) > 0)); j--) {
			struct count t = cnt[j];
			cnt[j] = cnt[j - 1];
			cnt[j - 1] = t;
		}
	for (size_t i = 0; i < ncnt; i++) {
		char *colon = strchr(cnt[i].key, ':');
		if (colon) {
			*colon = 0;
			printf("%-8u  %-36s  %s\n", cnt[i].n, colon + 1, cnt[i].key);
		}
		free(cnt[i].key);
	}
	free(cnt);
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc || bad ? 1 : 0;
}

int main(int argc, char **argv)
{
	struct pmd_cli c;
	enum rfmt fmt = F_TEXT;
	const char *out = NULL, *diff_a = NULL, *output = NULL;
	char **dumps = NULL;
	size_t ndumps = 0;
	unsigned jobs = 0;
	static const struct option longopts[] = {
		PMD_CLI_LONGOPTS,
		{ "format", required_argument, NULL, 'f' },
		{ "diff", required_argument, NULL, OPT_DIFF },
		{ "out", required_argument, NULL, 'o' },
		{ "jobs", required_argument, NULL, OPT_JOBS },
		{ "output", required_argument, NULL, OPT_OUTPUT },
		{ NULL, 0, NULL, 0 },
	};
	pmd_cli_init(&c, "pmdiag-report",
		     "Run every pmdiag probe and print one report: findings first (ranked, with\n"
		     "what to do), then the machine, what could be read and why not, and each\n"
		     "probe's section. --diff compares two reports; several --dump write one\n"
		     "JSON report each.",
		     "[options]\n       pmdiag-report --diff A B\n"
		     "       pmdiag-report --format prometheus --output FILE\n"
		     "       pmdiag-report --out DIR --dump A --dump B...",
		     tool_help);
	c.man_section = 1;
	c.exit_help = "0 the report was printed (findings do not change it), 1 bad usage,\n"
		      "a data source that could not be opened, or with --out a dump that failed.";
	int opt;
	while ((opt = getopt_long(argc, argv, PMD_CLI_SHORTOPTS "f:o:", longopts, NULL)) != -1) {
		switch (opt) {
		case 'd':
			dumps = pmd_xrealloc(dumps, (ndumps + 1) * sizeof(char *));
			dumps[ndumps++] = optarg;
			pmd_cli_generic(&c, opt, optarg);
			continue;
		case 'j':
			fmt = F_JSON;
			continue;
		case 'f':
			if (!strcmp(optarg, "text"))
				fmt = F_TEXT;
			else if (!strcmp(optarg, "json"))
				fmt = F_JSON;
			else if (!strcmp(optarg, "markdown") || !strcmp(optarg, "md"))
				fmt = F_MARKDOWN;
			else if (!strcmp(optarg, "prometheus"))
				fmt = F_PROMETHEUS;
			else
				pmd_cli_usage_error(&c, "--format: \"%s\" is not text, markdown, json "
						    "or prometheus", optarg);
			continue;
		case OPT_DIFF:
			diff_a = optarg;
			continue;
		case 'o':
			out = optarg;
			continue;
		case OPT_OUTPUT:
			if (!*optarg)
				pmd_cli_usage_error(&c, "--output: a file name is needed");
			output = optarg;
			continue;
		case OPT_JOBS:
			if (pmd_parse_uint(optarg, 10, &jobs) < 0 || !jobs || jobs > 1024)
				pmd_cli_usage_error(&c, "--jobs: \"%s\" is not 1..1024", optarg);
			continue;
		}
		if (!pmd_cli_generic(&c, opt, optarg))
			pmd_cli_usage_error(&c, "unknown option");
	}
	if (diff_a) {
		if (optind != argc - 1)
			pmd_cli_usage_error(&c, "--diff takes two reports: --diff A B");
		if (ndumps || out || output)
			pmd_cli_usage_error(&c, "--diff goes alone");
		free(dumps);
		return pmd_report_diff(diff_a, argv[optind], &c.so, stdout);
	}
	if (optind != argc)
		pmd_cli_usage_error(&c, "unexpected argument \"%s\"", argv[optind]);
	if (ndumps > 1 || out) {
		if (!out)
			pmd_cli_usage_error(&c, "several dumps need --out DIR");
		if (!ndumps)
			pmd_cli_usage_error(&c, "--out goes with --dump");
		if (output)
			pmd_cli_usage_error(&c, "--output FILE is for one report; --out DIR for several");
		int rc = many(&c, dumps, ndumps, out, jobs);
		free(dumps);
		return rc;
	}
	free(dumps);
	return one(&c, fmt, output);
}
