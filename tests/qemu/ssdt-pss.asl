/*
 * SPDX-License-Identifier: GPL-2.0-or-later
 * pmdiag QEMU test machine "q35-pss": ACPI P-states for QEMU 7.2's processors
 * (\_SB.CPUS.C000 and C001 with -smp 2), passed with -acpitable file=ssdt-pss.aml.
 * Each processor gets
 *   _PCT  control and status registers in SystemIO, 16 bits at ports 0x0880 and 0x0882
 *         (nothing is there in QEMU: writes are dropped, reads give all ones)
 *   _PSS  four states, Intel style (control = status = ratio << 8, 100 MHz bus):
 *           2400 MHz 35000 mW  0x1800
 *           2000 MHz 25000 mW  0x1400
 *           1600 MHz 18000 mW  0x1000
 *           1200 MHz 12000 mW  0x0C00
 *         transition and bus-master latency 10 us each
 *   _PPC  0: every state may be used
 * C000 declares them as Names, C001 as Methods that return the same constants: the two
 * constant forms firmware uses. With -cpu max,vendor=GenuineIntel acpi-cpufreq binds (it
 * refuses the AMD family 0Fh that TCG reports otherwise).
 */
DefinitionBlock ("ssdt-pss.aml", "SSDT", 2, "PMDIAG", "PSTATES", 0x00000001)
{
    External (\_SB.CPUS.C000, ProcessorObj)
    External (\_SB.CPUS.C001, ProcessorObj)

    Scope (\_SB.CPUS.C000)
    {
        Name (_PCT, Package (0x02)
        {
            ResourceTemplate ()
            {
                Register (SystemIO, 0x10, 0x00, 0x0000000000000880, 0x02)
            },
            ResourceTemplate ()
            {
                Register (SystemIO, 0x10, 0x00, 0x0000000000000882, 0x02)
            }
        })

        Name (_PSS, Package (0x04)
        {
            Package (0x06) { 0x0960, 0x88B8, 0x0A, 0x0A, 0x1800, 0x1800 },  /* 2400 MHz */
            Package (0x06) { 0x07D0, 0x61A8, 0x0A, 0x0A, 0x1400, 0x1400 },  /* 2000 MHz */
            Package (0x06) { 0x0640, 0x4650, 0x0A, 0x0A, 0x1000, 0x1000 },  /* 1600 MHz */
            Package (0x06) { 0x04B0, 0x2EE0, 0x0A, 0x0A, 0x0C00, 0x0C00 }   /* 1200 MHz */
        })

        Name (_PPC, Zero)
    }

    Scope (\_SB.CPUS.C001)
    {
        Method (_PCT, 0, NotSerialized)
        {
            Return (Package (0x02)
            {
                ResourceTemplate ()
                {
                    Register (SystemIO, 0x10, 0x00, 0x0000000000000880, 0x02)
                },
                ResourceTemplate ()
                {
                    Register (SystemIO, 0x10, 0x00, 0x0000000000000882, 0x02)
                }
            })
        }

        Method (_PSS, 0, NotSerialized)
        {
            Return (Package (0x04)
            {
                Package (0x06) { 0x0960, 0x88B8, 0x0A, 0x0A, 0x1800, 0x1800 },
                Package (0x06) { 0x07D0, 0x61A8, 0x0A, 0x0A, 0x1400, 0x1400 },
                Package (0x06) { 0x0640, 0x4650, 0x0A, 0x0A, 0x1000, 0x1000 },
                Package (0x06) { 0x04B0, 0x2EE0, 0x0A, 0x0A, 0x0C00, 0x0C00 }
            })
        }

        Method (_PPC, 0, NotSerialized)
        {
            Return (Zero)
        }
    }
}
