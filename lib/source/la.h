/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libarchive, loaded when an archive is first read or written (dlopen of
 * libarchive.so.13), not linked: Debian's libarchive pulls libxml2 and ICU
 * (34 MB) into every process that links it, and the boot image has no use
 * for them (its /init archives the dump with GNU tar). The calls keep their
 * libarchive names: this header maps each to the loaded function, after
 * pmd_la_load() said it is there.
 */
#ifndef PMD_LA_H
#define PMD_LA_H

#include <archive.h>
#include <archive_entry.h>

#include "util/util.h"

#define PMD_LA_FNS(X)                                                                       \
	X(archive_read_new) X(archive_read_free) X(archive_read_next_header)              \
	X(archive_read_data) X(archive_read_data_skip) X(archive_read_open_filename)      \
	X(archive_read_open_fd) X(archive_read_support_format_tar)                        \
	X(archive_read_support_format_raw) X(archive_read_support_filter_gzip)            \
	X(archive_read_support_filter_xz) X(archive_read_support_filter_zstd)             \
	X(archive_read_support_filter_bzip2) X(archive_error_string)                      \
	X(archive_entry_new) X(archive_entry_free) X(archive_entry_pathname)              \
	X(archive_entry_filetype) X(archive_entry_hardlink) X(archive_entry_symlink)      \
	X(archive_entry_size) X(archive_entry_size_is_set) X(archive_entry_set_pathname)  \
	X(archive_entry_set_filetype) X(archive_entry_set_perm) X(archive_entry_set_mtime)\
	X(archive_entry_set_size) X(archive_write_new) X(archive_write_free)              \
	X(archive_write_close) X(archive_write_header) X(archive_write_data)              \
	X(archive_write_open_filename) X(archive_write_set_format_pax_restricted)         \
	X(archive_write_add_filter_xz) X(archive_write_add_filter_gzip)

struct pmd_la {
#define PMD_LA_FIELD(f) __typeof__(f) *(f);
	PMD_LA_FNS(PMD_LA_FIELD)
#undef PMD_LA_FIELD
};
extern struct pmd_la pmd_la_fn;

/*
 * Load libarchive once (later calls return the first answer): OK, or
 * ABSENT with "libarchive is not installed (apt install libarchive13)".
 */
struct pmd_res pmd_la_load(void);

#ifndef PMD_LA_IMPL
#define archive_read_new (*pmd_la_fn.archive_read_new)
#define archive_read_free (*pmd_la_fn.archive_read_free)
#define archive_read_next_header (*pmd_la_fn.archive_read_next_header)
#define archive_read_data (*pmd_la_fn.archive_read_data)
#define archive_read_data_skip (*pmd_la_fn.archive_read_data_skip)
#define archive_read_open_filename (*pmd_la_fn.archive_read_open_filename)
#define archive_read_open_fd (*pmd_la_fn.archive_read_open_fd)
#define archive_read_support_format_tar (*pmd_la_fn.archive_read_support_format_tar)
#define archive_read_support_format_raw (*pmd_la_fn.archive_read_support_format_raw)
#define archive_read_support_filter_gzip (*pmd_la_fn.archive_read_support_filter_gzip)
#define archive_read_support_filter_xz (*pmd_la_fn.archive_read_support_filter_xz)
#define archive_read_support_filter_zstd (*pmd_la_fn.archive_read_support_filter_zstd)
#define archive_read_support_filter_bzip2 (*pmd_la_fn.archive_read_support_filter_bzip2)
#define archive_error_string (*pmd_la_fn.archive_error_string)
#define archive_entry_new (*pmd_la_fn.archive_entry_new)
#define archive_entry_free (*pmd_la_fn.archive_entry_free)
#define archive_entry_pathname (*pmd_la_fn.archive_entry_pathname)
#define archive_entry_filetype (*pmd_la_fn.archive_entry_filetype)
#define archive_entry_hardlink (*pmd_la_fn.archive_entry_hardlink)
#define archive_entry_symlink (*pmd_la_fn.archive_entry_symlink)
#define archive_entry_size (*pmd_la_fn.archive_entry_size)
#define archive_entry_size_is_set (*pmd_la_fn.archive_entry_size_is_set)
#define archive_entry_set_pathname (*pmd_la_fn.archive_entry_set_pathname)
#define archive_entry_set_filetype (*pmd_la_fn.archive_entry_set_filetype)
#define archive_entry_set_perm (*pmd_la_fn.archive_entry_set_perm)
#define archive_entry_set_mtime (*pmd_la_fn.archive_entry_set_mtime)
#define archive_entry_set_size (*pmd_la_fn.archive_entry_set_size)
#define archive_write_new (*pmd_la_fn.archive_write_new)
#define archive_write_free (*pmd_la_fn.archive_write_free)
#define archive_write_close (*pmd_la_fn.archive_write_close)
#define archive_write_header (*pmd_la_fn.archive_write_header)
#define archive_write_data (*pmd_la_fn.archive_write_data)
#define archive_write_open_filename (*pmd_la_fn.archive_write_open_filename)
#define archive_write_set_format_pax_restricted (*pmd_la_fn.archive_write_set_format_pax_restricted)
#define archive_write_add_filter_xz (*pmd_la_fn.archive_write_add_filter_xz)
#define archive_write_add_filter_gzip (*pmd_la_fn.archive_write_add_filter_gzip)
#endif

#endif
