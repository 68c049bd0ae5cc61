/*
 * SPDX-License-Identifier: GPL-2.0-or-later
 * pmdiag QEMU test machine "q35-thermal-kernel": objects that pmdiag must judge as the
 * guest's kernel (Debian 12's 6.1) acts on them, passed with
 * -acpitable file=ssdt-thermal-kernel.aml. machines.bats checks that the trips the guest
 * exposes in sysfs are exactly those pmdiag says the kernel uses, zone by zone.
 * Temperatures in tenths of a kelvin; Linux shows (dK - 2732) * 100 m°C.
 *
 *   \_SB.ABSD.TZAB  a zone inside a device whose _STA is 0: Linux binds nothing below
 *                   it; its _CRT at 20.0 C would shut the machine down if it were used.
 *                   pmdiag: not present, no finding.
 *   \_SB.DEPD.TZDP  a zone inside a device whose _STA reads I/O port 0x80 (QEMU answers
 *                   0xFF: present); _AC0 at 0 C with a fan: kernel 6.1 runs the fan all
 *                   the time. pmdiag: presence depends, the finding says "if present".
 *   \_TZ.TZRG       _CRT 200 dK (refused: at or below 0 C), _HOT 4600 dK (186.8 C) and
 *                   _PSV 200 dK (-253.2 C, with _TC1, _TC2, _TSP, _PSL): kernel 6.1 takes
 *                   _HOT and _PSV (no range check before 6.8); 6.8+ would drop both.
 *   \_TZ.TZSN       a sensor zone: _TMP only. Kernel 6.1 makes no zone of it ("No valid
 *                   trip points", tripless zones come in 6.9); pmdiag: no finding.
 *   \_SB.TCPU       a DPTF processor participant (INT3403) with a _PSS of 0 MHz entries:
 *                   no CPU frequency driver reads it; pmdiag judges no CPU P-states on it.
 * Every _TMP reads I/O port 0x80 and then returns 35.0 C: not a dummy zone (the value
 * depends on the port as far as anything can tell) and below every used trip.
 */
DefinitionBlock ("ssdt-thermal-kernel.aml", "SSDT", 2, "PMDIAG", "THRMKERN", 0x00000001)
{
    External (\_SB.CPUS.C000, ProcessorObj)
    External (\_SB.CPUS.C001, ProcessorObj)

    OperationRegion (KPIO, SystemIO, 0x80, 0x01)
    Field (KPIO, ByteAcc, NoLock, Preserve)
    {
        KP80,   8
    }

    /* 35.0 C, after reading the port */
    Method (KTMP, 0, Serialized)
    {
        Local0 = KP80
        If (Local0 == 0x12)
        {
            Return (0x0C6E)     /* 3182 dK = 45.0 C: never, on QEMU */
        }
        Return (0x0C0A)         /* 3082 dK = 35.0 C */
    }

    Scope (\_SB)
    {
        Name (FN2S, Zero)

        PowerResource (PFN2, 0x00, 0x0000)
        {
            Method (_STA, 0, NotSerialized)
            {
                Return (FN2S)
            }

            Method (_ON, 0, NotSerialized)
            {
                FN2S = One
            }

            Method (_OFF, 0, NotSerialized)
            {
                FN2S = Zero
            }
        }

        Device (FAN2)
        {
            Name (_HID, EisaId ("PNP0C0B"))  /* Fan device */
            Name (_UID, 0x02)
            Name (_PR0, Package (0x01)
            {
                PFN2
            })
        }

        Device (ABSD)
        {
            Name (_HID, "PMD0001")
            Method (_STA, 0, NotSerialized)
            {
                Return (Zero)           /* absent: nothing below it is bound */
            }

            ThermalZone (TZAB)
            {
                Method (_TMP, 0, Serialized)
                {
                    Return (\KTMP ())
                }

                Method (_CRT, 0, Serialized)
                {
                    Return (0x0B54)     /* 2900 dK = 16.8 C: a shutdown if it were used */
                }
            }
        }

        Device (DEPD)
        {
            Name (_HID, "PMD0002")
            Method (_STA, 0, NotSerialized)
            {
                If (\KP80 == 0xFF)
                {
                    Return (0x0F)       /* QEMU's port 0x80 reads 0xFF: present */
                }
                Return (Zero)
            }

            ThermalZone (TZDP)
            {
                Method (_TMP, 0, Serialized)
                {
                    Return (\KTMP ())
                }

                Method (_CRT, 0, Serialized)
                {
                    Return (0x0E62)     /* 3682 dK = 95.0 C */
                }

                Method (_AC0, 0, Serialized)
                {
                    Return (0x0AAC)     /* 2732 dK = 0.0 C: the fan always on (6.1) */
                }

                Name (_AL0, Package (0x01)
                {
                    \_SB.FAN2
                })
            }
        }

        Device (TCPU)
        {
            Name (_HID, "INT3403")
            Name (_UID, "TCPU")
            Method (_STA, 0, NotSerialized)
            {
                Return (0x0F)
            }

            Name (_PSS, Package (0x02)
            {
                Package (0x06) { Zero, Zero, Zero, Zero, Zero, Zero },
                Package (0x06) { Zero, Zero, Zero, Zero, One, One }
            })
        }
    }

    Scope (\_TZ)
    {
        ThermalZone (TZRG)
        {
            Method (_TMP, 0, Serialized)
            {
                Return (\KTMP ())
            }

            Method (_CRT, 0, Serialized)
            {
                Return (0xC8)           /* 200 dK: at or below 0 C, refused */
            }

            Method (_HOT, 0, Serialized)
            {
                Return (0x11F8)         /* 4600 dK = 186.8 C: 6.1 uses it, 6.8+ not */
            }

            Method (_PSV, 0, Serialized)
            {
                Return (0xC8)           /* 200 dK = -253.2 C: 6.1 uses it, 6.8+ not */
            }

            Name (_PSL, Package (0x02)
            {
                \_SB.CPUS.C000,
                \_SB.CPUS.C001
            })
            Name (_TC1, 0x02)
            Name (_TC2, 0x05)
            Name (_TSP, 0x32)
        }

        ThermalZone (TZSN)
        {
            Method (_TMP, 0, Serialized)
            {
                Return (\KTMP ())
            }
        }
    }
}
