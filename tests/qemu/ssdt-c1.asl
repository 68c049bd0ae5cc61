/*
 * SPDX-License-Identifier: GPL-2.0-or-later
 * pmdiag QEMU machine "q35-c1" (tests/bench/trace-qemu.sh): ssdt-cst.asl without C2,
 * so that an idle guest really sleeps (QEMU does not emulate C2's register: a guest in
 * C2 spins) and cpuidle still counts its idle entries. Each processor's _CST has
 *   C1: FFixedHW (Linux falls back to HLT), latency 1 us, 1000 mW
 * so acpi_idle registers POLL and C1. Passed with -acpitable file=ssdt-c1.aml.
 */
DefinitionBlock ("ssdt-c1.aml", "SSDT", 2, "PMDIAG", "CSTATEC1", 0x00000001)
{
    External (\_SB.CPUS, DeviceObj)
    External (\_SB.CPUS.C000, ProcessorObj)
    External (\_SB.CPUS.C001, ProcessorObj)

    Scope (\_SB.CPUS)
    {
        /* One _CST package shared by every processor. */
        Name (CSTP, Package (0x02)
        {
            0x01,
            Package (0x04)
            {
                ResourceTemplate ()
                {
                    Register (FFixedHW, 0x00, 0x00, 0x0000000000000000, 0x01)
                },
                0x01,       /* C1 */
                0x01,       /* latency, us */
                0x03E8      /* power, mW */
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
