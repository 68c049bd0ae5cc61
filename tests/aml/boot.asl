/*
 * SPDX-License-Identifier: GPL-2.0-or-later
 * Values that Linux's boot decides (tests/bats/aml.bats): compiled by iasl in the test and
 * given to the tools as an acpidump.
 *   \_SB.CPU0._PSS  the table _OSC chose: TPSS (3000 and 1000 MHz) when the processor
 *                   capabilities Linux passes have SMP_P_HWCOORD (0x800: every Intel CPU
 *                   with EST), LPSS (1000 MHz only) otherwise (an AMD CPU: 0x39A)
 *   \_TZ.TZOS._CRT  100.0 C when _INI found _OSI ("Windows 2021") true, as Linux 6.1 and
 *                   later answer (ACPICA 20200925's own list stops at "Windows 2019"),
 *                   85.0 C otherwise
 */
DefinitionBlock ("", "DSDT", 2, "PMDIAG", "AMLBOOT", 1)
{
    Name (OSYS, Zero)
    Name (OSCP, Zero)
    Scope (\_SB)
    {
        Method (_INI, 0, NotSerialized)
        {
            OSYS = 0x07D0
            If (_OSI ("Windows 2021"))
            {
                OSYS = 0x07E5
            }
        }

        Device (CPU0)
        {
            Name (_HID, "ACPI0007")
            Name (_UID, Zero)
            Method (_OSC, 4, NotSerialized)
            {
                CreateDWordField (Arg3, 0x04, CAPA)
                OSCP = CAPA
                Return (Arg3)
            }

            Name (TPSS, Package (0x02)
            {
                Package (0x06) { 3000, 15000, 10, 10, 0x1E00, 0x1E00 },
                Package (0x06) { 1000, 5000, 10, 10, 0x0A00, 0x0A00 }
            })
            Name (LPSS, Package (0x01)
            {
                Package (0x06) { 1000, 5000, 10, 10, 0x0A00, 0x0A00 }
            })
            Method (_PSS, 0, NotSerialized)
            {
                If (OSCP & 0x0800)
                {
                    Return (TPSS)
                }
                Return (LPSS)
            }
        }
    }

    Scope (\_TZ)
    {
        ThermalZone (TZOS)
        {
            Method (_TMP, 0, NotSerialized) { Return (0x0BB8) }
            Method (_CRT, 0, NotSerialized)
            {
                If (OSYS >= 0x07E5)
                {
                    Return (0x0E94)             // 100.0 C
                }
                Return (0x0DFE)                 // 85.0 C
            }
        }
    }
}
