/*
 * SPDX-License-Identifier: GPL-2.0-or-later
 * pmdiag QEMU test machine "q35-cst": ACPI C-states for QEMU 7.2's processors
 * (\_SB.CPUS.C000 and C001 with -smp 2). Each gets a _CST with
 *   C1: FFixedHW (Linux falls back to HLT), latency 1 us, 1000 mW
 *   C2: SystemIO register 0x614 (the ICH9 PMBASE 0x600 + 0x14 P_LVL2; QEMU does not
 *       emulate it, the guest just reads the port), latency 50 us, 500 mW
 * so acpi_idle registers POLL, C1 and C2. Passed with -acpitable file=ssdt-cst.aml.
 */
DefinitionBlock ("ssdt-cst.aml", "SSDT", 2, "PMDIAG", "CSTATES", 0x00000001)
{
    External (\_SB.CPUS, DeviceObj)
    External (\_SB.CPUS.C000, ProcessorObj)
    External (\_SB.CPUS.C001, ProcessorObj)

    Scope (\_SB.CPUS)
    {
        /* One _CST package shared by every processor. */
        Name (CSTP, Package (0x03)
        {
            0x02,
            Package (0x04)
            {
                ResourceTemplate ()
                {
                    Register (FFixedHW, 0x00, 0x00, 0x0000000000000000, 0x01)
                },
                0x01,       /* C1 */
                0x01,       /* latency, us */
                0x03E8      /* power, mW */
            },
            Package (0x04)
            {
                ResourceTemplate ()
                {
                    Register (SystemIO, 0x08, 0x00, 0x0000000000000614, 0x01)
                },
                0x02,       /* C2 */
                0x32,       /* latency, us */
                0x01F4      /* power, mW */
            }
        })
    }

    Scope (\_SB.CPUS.C000)
    {
        Method (_CST, 0, NotSerialized)
        {
            Return (\_SB.CPUS.CSTP)
        }
    }

    Scope (\_SB.CPUS.C001)
    {
        Method (_CST, 0, NotSerialized)
        {
            Return (\_SB.CPUS.CSTP)
        }
    }
}
