/*
 * SPDX-License-Identifier: GPL-2.0-or-later
 * pmdiag QEMU test machine "q35-thermal-eval": trips that only an AML interpreter knows,
 * passed with -acpitable file=ssdt-thermal-eval.aml. Thermal zone \_TZ.TZEV:
 *   _CRT  a method computing 2732 + 10 * CRTV dK from the Name CRTV = 95: 3682 dK = 95.0 C
 *         (pmdiag evaluates it: provenance "evaluated")
 *   _PSV  chosen by the SystemIO field \_TZ.PIOV, I/O port 0x80 (QEMU's ioport80 reads
 *         0xFF): 0xFF gives 3532 dK = 80.0 C, any other byte 2732 + 10 * byte dK (pmdiag
 *         says "depends", naming \_TZ.PIOV; the kernel read 0xFF and shows 80.0 C)
 *   _HOT  chosen by CMOS byte 0x41 (unused by QEMU and SeaBIOS, 0 at power-on), read
 *         through the IndexField \_TZ.CMHV on the RTC's ports 0x70/0x71: 0 gives 3632 dK =
 *         90.0 C, any other byte 2732 + 10 * byte dK ("depends" too; the kernel shows 90.0 C)
 *   _TMP  3132 dK = 40.0 C, a constant method
 */
DefinitionBlock ("ssdt-thermal-eval.aml", "SSDT", 2, "PMDIAG", "THRMEVAL", 0x00000001)
{
    External (\_SB.CPUS.C000, ProcessorObj)
    External (\_SB.CPUS.C001, ProcessorObj)

    Scope (\_TZ)
    {
        Name (CRTV, 95)             /* critical temperature in C */

        OperationRegion (PIOR, SystemIO, 0x80, 0x01)
        Field (PIOR, ByteAcc, NoLock, Preserve)
        {
            PIOV,   8
        }

        OperationRegion (CMEV, SystemIO, 0x70, 0x02)
        Field (CMEV, ByteAcc, NoLock, Preserve)
        {
            CMEI,   8,
            CMED,   8
        }

        IndexField (CMEI, CMED, ByteAcc, NoLock, Preserve)
        {
            Offset (0x41),
            CMHV,   8
        }

        ThermalZone (TZEV)
        {
            Method (_CRT, 0, Serialized)
            {
                Return (Add (0x0AAC, Multiply (CRTV, 10)))
            }

            Method (_PSV, 0, Serialized)
            {
                Local0 = PIOV
                If ((Local0 == 0xFF))
                {
                    Return (0x0DCC)     /* 3532 dK = 80.0 C */
                }

                Return ((0x0AAC + (Local0 * 0x0A)))
            }

            Method (_HOT, 0, Serialized)
            {
                Local0 = CMHV
                If ((Local0 == Zero))
                {
                    Return (0x0E30)     /* 3632 dK = 90.0 C */
                }

                Return ((0x0AAC + (Local0 * 0x0A)))
            }

            Method (_TMP, 0, Serialized)
            {
                Return (0x0C3C)         /* 3132 dK = 40.0 C */
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
    }
}
