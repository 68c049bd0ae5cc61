#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The stick's GRUB configuration (UEFI, \EFI\debian\grub.cfg) made from its syslinux.cfg
# (BIOS), so that both boot loaders offer the same entries with the same kernel, initramfs
# and kernel options: one source of truth (initramfs/syslinux.cfg.in, see pmdiag-initrd(7)).
#
#   initramfs/grubcfg.sh SYSLINUX.CFG > grub.cfg
#
# syslinux's DEFAULT, TIMEOUT (tenths of a second, rounded up to seconds), SAY and each
# LABEL with its LINUX, INITRD and APPEND lines become GRUB's default, timeout, an echo
# and one menuentry each. syslinux's SERIAL has no counterpart: GRUB writes to the
# firmware's console, which UEFI firmware mirrors on the serial port when it redirects it
# (a serial terminal of GRUB's own would print everything twice there).
# Used by mkusb.sh and by tests/qemu/usb.bats.
set -eu
[ $# = 1 ] && [ -r "$1" ] || { sed -n '7s/^# */usage: /p' "$0" >&2; exit 1; }
awk '
	function out(s) { print s }
	/^DEFAULT / { def = $2 }
	/^TIMEOUT / { timeout = int(($2 + 9) / 10) }
	/^SAY / { say = substr($0, 5) }
	/^LABEL / { n++; label[n] = $2 }
	/^ *LINUX / { kernel[n] = $2 }
	/^ *INITRD / { initrd[n] = $2 }
	/^ *APPEND / { a = $0; sub(/^ *APPEND */, "", a); sub(/ *$/, "", a); append[n] = a }
	END {
		out("# pmdiag diagnostic stick: GRUB configuration for UEFI (see pmdiag-initrd(7)),")
		out("# made by initramfs/grubcfg.sh from syslinux.cfg: the same entries and options.")
		out("# Debian'\''s signed GRUB (\\EFI\\BOOT\\grubx64.efi, started by shim) reads it here,")
		out("# under its prefix /EFI/debian.")
		out("set default=" (def != "" ? def : label[1]))
		out("set timeout=" (timeout != "" ? timeout : 5))
		if (say != "")
			out("echo \"" say "\"")
		for (i = 1; i <= n; i++) {
			out("")
			out("menuentry \"" label[i] "\" --id " label[i] " {")
			out("\tlinux " kernel[i] (append[i] != "" ? " " append[i] : ""))
			if (initrd[i] != "")
				out("\tinitrd " initrd[i])
			out("}")
		}
	}' "$1"
