/*
 * SPDX-License-Identifier: GPL-2.0-or-later
 * pmdiag QEMU test machine "q35-pss-calls": a _PSS reached through two method calls,
 * passed with -acpitable file=ssdt-pss-calls.aml. QEMU 7.2's processors \_SB.CPUS.C000
 * and C001 (-smp 2):
 *   C001._PSS  a method returning C000._PSS ()
 *   C000._PSS  a method returning the Name C000.PSSN:
 *           2800 MHz 40000 mW  0x1C00
 *           2200 MHz 28000 mW  0x1600
 *           1800 MHz 20000 mW  0x1200
 *           1000 MHz 10000 mW  0x0A00
 *         (Intel style: control = status = ratio << 8, 100 MHz bus), latencies 10 us
 *   _PCT  (each) SystemIO, 16 bits at ports 0x0880 and 0x0882, as ssdt-pss.asl
 *   _PPC  (each) 0
 * pmdiag's AML walker sees no constant _PSS; acpiexec evaluates both to the table above.
 * With -cpu max,vendor=GenuineIntel acpi-cpufreq binds and shows these four frequencies.
 */
DefinitionBlock ("ssdt-pss-calls.aml", "SSDT", 2, "PMDIAG", "PSSCALLS", 0x00000001)
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

        Name (PSSN, Package (0x04)
        {
            Package (0x06) { 0x0AF0, 0x9C40, 0x0A, 0x0A, 0x1C00, 0x1C00 },  /* 2800 MHz */
            Package (0x06) { 0x0898, 0x6D60, 0x0A, 0x0A, 0x1600, 0x1600 },  /* 2200 MHz */
            Package (0x06) { 0x0708, 0x4E20, 0x0A, 0x0A, 0x1200, 0x1200 },  /* 1800 MHz */
            Package (0x06) { 0x03E8, 0x2710, 0x0A, 0x0A, 0x0A00, 0x0A00 }   /* 1000 MHz */
        })

        Method (_PSS, 0, NotSerialized)
        {
            Return (PSSN)
        }

        Name (_PPC, Zero)
    }

    Scope (\_SB.CPUS.C001)
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

        Method (_PSS, 0, NotSerialized)
        {
            Return (\_SB.CPUS.C000._PSS ())
        }

        Name (_PPC, Zero)
    }
}
