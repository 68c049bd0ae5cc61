/*
 * SPDX-License-Identifier: GPL-2.0-or-later
 * pmdiag QEMU test machine "q35-thermal-broken": a thermal zone \_TZ.TZBR declared
 * wrongly on purpose, as firmware in the wild does; passed with
 * -acpitable file=ssdt-thermal-broken.aml. Temperatures in tenths of a kelvin; Linux
 * shows (dK - 2732) * 100 m°C:
 *   _TMP 3082 (35.0 C, 35000)
 *   _CRT 3682 (95.0 C, 95000)   critical
 *   _HOT 3722 (99.0 C, 99000)   hot ABOVE critical: out of order
 *   _PSV 0x0AAC - 0x20 = 2700 (-3.2 C, -3200): a passive trip below 0 C, which
 *        makes the kernel throttle the processors at any temperature
 *   _AC0 3232 (50.0 C, 50000)   active 0 (the fastest fan speed) BELOW
 *   _AC1 3332 (60.0 C, 60000)   active 1: active trips must go hottest first
 * The fan \_SB.FAN1 (PNP0C0B, power resource \_SB.PFN1) is on both _AL0 and _AL1.
 * Linux 6.1 takes all of these as they are. _TMP is a constant: a dummy zone, always past
 * its passive trip and never at the others, so their order does not matter (pmdiag flags
 * the passive trip only).
 *
 * A second zone \_TZ.TZB2 has trips that Linux drops (drivers/acpi/thermal.c), so that its
 * sysfs trips legitimately differ from the ACPI declaration:
 *   _TMP 3082 (35.0 C)
 *   _CRT 0x0AAC - 0x20 = 2700 (-3.2 C): "Invalid critical threshold", not in sysfs
 *   _PSV 3532 (80.0 C)          kept (with _PSL, _TC1, _TC2, _TSP)
 *   _AC0 3382 (65.0 C)          no _AL0: "Invalid active0 threshold", not in sysfs
 */
DefinitionBlock ("ssdt-thermal-broken.aml", "SSDT", 2, "PMDIAG", "THRMBRKN", 0x00000001)
{
    External (\_SB.CPUS.C000, ProcessorObj)
    External (\_SB.CPUS.C001, ProcessorObj)

    Scope (\_SB)
    {
        Name (FN1S, Zero)

        PowerResource (PFN1, 0x00, 0x0000)
        {
            Method (_STA, 0, NotSerialized)
            {
                Return (FN1S)
            }

            Method (_ON, 0, NotSerialized)
            {
                FN1S = One
            }

            Method (_OFF, 0, NotSerialized)
            {
                FN1S = Zero
            }
        }

        Device (FAN1)
        {
            Name (_HID, EisaId ("PNP0C0B"))  /* Fan device */
            Name (_UID, One)
            Name (_PR0, Package (0x01)
            {
                PFN1
            })
        }
    }

    Scope (\_TZ)
    {
        ThermalZone (TZBR)
        {
            Method (_TMP, 0, Serialized)
            {
                Return (0x0C0A)     /* 3082 dK = 35.0 C */
            }

            Method (_CRT, 0, Serialized)
            {
                Return (0x0E62)     /* 3682 dK = 95.0 C */
            }

            Method (_HOT, 0, Serialized)
            {
                Return (0x0E8A)     /* 3722 dK = 99.0 C: above _CRT */
            }

            Method (_PSV, 0, Serialized)
            {
                Return (0x0A8C)     /* 0x0AAC - 0x20 = 2700 dK = -3.2 C: below freezing */
            }

            Method (_AC0, 0, Serialized)
            {
                Return (0x0CA0)     /* 3232 dK = 50.0 C: below _AC1 */
            }

            Method (_AC1, 0, Serialized)
            {
                Return (0x0D04)     /* 3332 dK = 60.0 C */
            }

            Name (_AL0, Package (0x01)
            {
                \_SB.FAN1
            })

            Name (_AL1, Package (0x01)
            {
                \_SB.FAN1
            })

            Name (_PSL, Package (0x02)
            {
                \_SB.CPUS.C000,
                \_SB.CPUS.C001
            })

            Name (_TC1, 0x02)
            Name (_TC2, 0x05)
            Name (_TSP, 0x32)       /* 5.0 s passive sampling period */
            Name (_TZP, 0x64)       /* 10.0 s polling period */
        }

        ThermalZone (TZB2)
        {
            Method (_TMP, 0, Serialized)
            {
                Return (0x0C0A)     /* 3082 dK = 35.0 C */
            }

            Method (_CRT, 0, Serialized)
            {
                Return (0x0A8C)     /* 0x0AAC - 0x20 = 2700 dK = -3.2 C */
            }

            Method (_PSV, 0, Serialized)
            {
                Return (0x0DCC)     /* 3532 dK = 80.0 C */
            }

            Method (_AC0, 0, Serialized)
            {
                Return (0x0D36)     /* 3382 dK = 65.0 C, but no _AL0 */
            }

            Name (_PSL, Package (0x02)
            {
                \_SB.CPUS.C000,
                \_SB.CPUS.C001
            })

            Name (_TC1, 0x02)
            Name (_TC2, 0x05)
            Name (_TSP, 0x32)       /* 5.0 s passive sampling period */
            Name (_TZP, 0x64)       /* 10.0 s polling period */
        }
    }
}
