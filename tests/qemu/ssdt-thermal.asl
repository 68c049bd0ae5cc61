/*
 * SPDX-License-Identifier: GPL-2.0-or-later
 * pmdiag QEMU test machine "q35-thermal": one ACPI thermal zone \_TZ.TZ00 as a laptop
 * BIOS declares it, passed with -acpitable file=ssdt-thermal.aml. Temperatures are in
 * tenths of a kelvin; Linux shows (dK - 2732) * 100 millidegrees Celsius:
 *   _TMP 3132 (40.0 C, 40000)   current temperature
 *   _CRT 3732 (100.0 C, 100000) critical: the kernel shuts down
 *   _HOT 3632 (90.0 C, 90000)   hot: the kernel would hibernate
 *   _PSV 3532 (80.0 C, 80000)   passive: throttle the processors in _PSL
 *   _AC0 3332 (60.0 C, 60000)   active 0: turn on the fan of _AL0
 * The fan \_SB.FAN0 (PNP0C0B) is powered by the power resource \_SB.PFAN.
 */
DefinitionBlock ("ssdt-thermal.aml", "SSDT", 2, "PMDIAG", "THERMAL", 0x00000001)
{
    External (\_SB.CPUS.C000, ProcessorObj)
    External (\_SB.CPUS.C001, ProcessorObj)

    Scope (\_SB)
    {
        Name (FANS, Zero)

        PowerResource (PFAN, 0x00, 0x0000)
        {
            Method (_STA, 0, NotSerialized)
            {
                Return (FANS)
            }

            Method (_ON, 0, NotSerialized)
            {
                FANS = One
            }

            Method (_OFF, 0, NotSerialized)
            {
                FANS = Zero
            }
        }

        Device (FAN0)
        {
            Name (_HID, EisaId ("PNP0C0B"))  /* Fan device */
            Name (_UID, Zero)
            Name (_PR0, Package (0x01)
            {
                PFAN
            })
        }
    }

    Scope (\_TZ)
    {
        ThermalZone (TZ00)
        {
            Method (_TMP, 0, Serialized)
            {
                Return (0x0C3C)     /* 3132 dK = 40.0 C */
            }

            Method (_CRT, 0, Serialized)
            {
                Return (0x0E94)     /* 3732 dK = 100.0 C */
            }

            Method (_HOT, 0, Serialized)
            {
                Return (0x0E30)     /* 3632 dK = 90.0 C */
            }

            Method (_PSV, 0, Serialized)
            {
                Return (0x0DCC)     /* 3532 dK = 80.0 C */
            }

            Method (_AC0, 0, Serialized)
            {
                Return (0x0D04)     /* 3332 dK = 60.0 C */
            }

            Name (_AL0, Package (0x01)
            {
                \_SB.FAN0
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
    }
}
