/*
 * SPDX-License-Identifier: GPL-2.0-or-later
 * pmdiag QEMU test machine "q35-thermal-cmos": a thermal zone \_TZ.TZCM whose _TMP reads
 * CMOS byte 0x40 (unused by QEMU and SeaBIOS) through an IndexField on the RTC's I/O
 * ports 0x70/0x71, so that the guest sets the zone's temperature by writing that byte:
 * offset 0x40 - 14 = 50 of /sys/bus/nvmem/devices/cmos_nvram0/nvmem (rtc-cmos's NVRAM
 * starts after the 14 clock registers). Passed with -acpitable file=ssdt-thermal-cmos.aml.
 *   _TMP  the byte in degrees Celsius: 2732 + 10 * byte dK; 0 (QEMU's power-on value)
 *         reads as 30.0 C
 *   _CRT 3732 (100.0 C)  critical: the kernel shuts down; the test never goes there
 *   _HOT 3632 (90.0 C)   hot
 *   _PSV 3432 (70.0 C)   passive: throttle the processors of _PSL
 *   _AC0 3332 (60.0 C)   active 0: turn on the fan \_SB.FAN2
 *   _TZP 10 (1.0 s) and _TSP 10 (1.0 s): the kernel reads _TMP every second, so trip
 *   crossings are seen within a second or two.
 * initramfs/thermaltest.sh (kernel option pmdiag.thermaltest=1) drives it.
 */
DefinitionBlock ("ssdt-thermal-cmos.aml", "SSDT", 2, "PMDIAG", "THRMCMOS", 0x00000001)
{
    External (\_SB.CPUS.C000, ProcessorObj)
    External (\_SB.CPUS.C001, ProcessorObj)

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
    }

    Scope (\_TZ)
    {
        /* The RTC's index and data ports; CMTP is CMOS byte 0x40. */
        OperationRegion (CMIO, SystemIO, 0x70, 0x02)
        Field (CMIO, ByteAcc, NoLock, Preserve)
        {
            CMIX,   8,
            CMDT,   8
        }

        IndexField (CMIX, CMDT, ByteAcc, NoLock, Preserve)
        {
            Offset (0x40),
            CMTP,   8
        }

        ThermalZone (TZCM)
        {
            Method (_TMP, 0, Serialized)
            {
                Local0 = CMTP
                If ((Local0 == Zero))
                {
                    Return (0x0BD8)     /* 3032 dK = 30.0 C */
                }

                Return ((0x0AAC + (Local0 * 0x0A)))  /* 2732 + 10 * byte dK */
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
                Return (0x0D68)     /* 3432 dK = 70.0 C */
            }

            Method (_AC0, 0, Serialized)
            {
                Return (0x0D04)     /* 3332 dK = 60.0 C */
            }

            Name (_AL0, Package (0x01)
            {
                \_SB.FAN2
            })

            Name (_PSL, Package (0x02)
            {
                \_SB.CPUS.C000,
                \_SB.CPUS.C001
            })

            Name (_TC1, 0x02)
            Name (_TC2, 0x05)
            Name (_TSP, 0x0A)       /* 1.0 s passive sampling period */
            Name (_TZP, 0x0A)       /* 1.0 s polling period */
        }
    }
}
