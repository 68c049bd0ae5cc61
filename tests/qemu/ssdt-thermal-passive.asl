/*
 * SPDX-License-Identifier: GPL-2.0-or-later
 * pmdiag QEMU test machine "q35-thermal-passive": a thermal zone \_TZ.TZPS with only a
 * critical and a passive trip (no _HOT, no active trips, no fan), as a fanless tablet or
 * a server BIOS declares it; passed with -acpitable file=ssdt-thermal-passive.aml.
 * Temperatures in tenths of a kelvin; Linux shows (dK - 2732) * 100 m°C:
 *   _TMP 3182 (45.0 C, 45000)   a Name, not a Method
 *   _CRT 3782 (105.0 C, 105000) critical: the kernel shuts down
 *   _PSV 3582 (85.0 C, 85000)   passive: throttle the processors of _PSL
 * _TC1, _TC2 and _TSP are what Linux needs to accept a passive trip (with _PSL).
 */
DefinitionBlock ("ssdt-thermal-passive.aml", "SSDT", 2, "PMDIAG", "THRMPASV", 0x00000001)
{
    External (\_SB.CPUS.C000, ProcessorObj)
    External (\_SB.CPUS.C001, ProcessorObj)

    Scope (\_TZ)
    {
        ThermalZone (TZPS)
        {
            Name (_TMP, 0x0C6E)     /* 3182 dK = 45.0 C */

            Method (_CRT, 0, NotSerialized)
            {
                Return (0x0EC6)     /* 3782 dK = 105.0 C */
            }

            Method (_PSV, 0, NotSerialized)
            {
                Return (0x0DFE)     /* 3582 dK = 85.0 C */
            }

            Name (_PSL, Package (0x02)
            {
                \_SB.CPUS.C000,
                \_SB.CPUS.C001
            })

            Name (_TC1, 0x04)
            Name (_TC2, 0x03)
            Name (_TSP, 0x64)       /* 10.0 s passive sampling period */
            Name (_TZP, Zero)       /* no polling: the firmware would notify */
        }
    }
}
