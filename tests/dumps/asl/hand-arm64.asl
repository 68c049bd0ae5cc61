/*
 * SPDX-License-Identifier: GPL-2.0-or-later
 * The DSDT of tests/dumps/hand-arm64 (compiled by iasl in handmade-arm64.py): an ARM64
 * laptop's namespace as Windows-on-ARM firmware writes it. Four processor devices
 * (ACPI0007, _UID 0-3, the MADT's GICC UIDs) with a _PSS each, which an x86 kernel's
 * acpi-cpufreq would read and an ARM64 kernel never does; a power engine plug-in device
 * with _CID PNP0D80 whose _DSM answers only a UUID of its own, and any other with an
 * Integer (no function mask: none of the three UUIDs Linux's x86 LPS0 code calls is
 * answered); one thermal zone with a critical trip at 95 C.
 */
DefinitionBlock ("", "DSDT", 2, "PMDIAG", "ARM64", 1)
{
	Scope (\_SB)
	{
		Name (PSST, Package ()
		{
			Package () { 2995, 6000, 10, 10, 0x1E, 0x1E },
			Package () { 2400, 4500, 10, 10, 0x18, 0x18 },
			Package () { 1200, 1500, 10, 10, 0x0C, 0x0C },
		})
		Device (CPU0)
		{
			Name (_HID, "ACPI0007")
			Name (_UID, Zero)
			Method (_PSS, 0, NotSerialized) { Return (PSST) }
		}
		Device (CPU1)
		{
			Name (_HID, "ACPI0007")
			Name (_UID, One)
			Method (_PSS, 0, NotSerialized) { Return (PSST) }
		}
		Device (CPU2)
		{
			Name (_HID, "ACPI0007")
			Name (_UID, 2)
			Method (_PSS, 0, NotSerialized) { Return (PSST) }
		}
		Device (CPU3)
		{
			Name (_HID, "ACPI0007")
			Name (_UID, 3)
			Method (_PSS, 0, NotSerialized) { Return (PSST) }
		}

		Device (PEP0)
		{
			Name (_HID, "PMDG0D80")
			Name (_CID, EisaId ("PNP0D80"))
			Name (_UID, Zero)
			Method (_DSM, 4, Serialized)
			{
				/* a UUID of the platform's own, not Intel's, AMD's or Microsoft's */
				If ((Arg0 == ToUUID ("5e2ad8a1-6d0c-4b8f-9a43-1d9f0c2b7e61")))
				{
					If ((Arg2 == Zero)) { Return (Buffer (One) { 0x03 }) }
					Return (Buffer (One) { Zero })
				}
				Return (Zero)
			}
		}
	}

	Scope (\_TZ)
	{
		ThermalZone (SKIN)
		{
			Method (_TMP, 0, NotSerialized) { Return (3132) }
			Method (_CRT, 0, NotSerialized) { Return (3682) }
		}
	}
}
