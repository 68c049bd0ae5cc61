/*
 * SPDX-License-Identifier: GPL-2.0-or-later
 * AML that takes time (tests/bats/aml.bats): compiled by iasl in the test and given to the
 * tools as an acpidump. The zones are evaluated in this order.
 */
DefinitionBlock ("", "DSDT", 2, "PMDIAG", "AMLSLOW", 1)
{
    /* a device's status byte: acpiexec emulates it, 0x00 in one run and 0xFF in the other */
    OperationRegion (DSTS, SystemMemory, 0xFED40000, 0x10)
    Field (DSTS, ByteAcc, NoLock, Preserve)
    {
        RDY, 8
    }
    Scope (\_TZ)
    {
        /* first: a constant */
        ThermalZone (TZA0)
        {
            Method (_TMP, 0, NotSerialized) { Return (0x0BB8) }
            Name (_CRT, 0x0E94)                     // 100.0 C
        }
        /* polls RDY for 0x5A a thousand times, 100 ms apart (100 s on a real machine),
         * then gives up and returns a constant */
        ThermalZone (TZPL)
        {
            Method (_TMP, 0, NotSerialized) { Return (0x0BB8) }
            Method (_CRT, 0, Serialized)
            {
                Local0 = Zero
                While (Local0 < 1000)
                {
                    If (RDY == 0x5A)
                    {
                        Break
                    }
                    Sleep (100)
                    Local0++
                }
                Return (0x0E80)                     // 98.0 C
            }
        }
        /* 2^27 calls and no While loop, so no loop timeout stops it, and its trace is cut
         * to what pmdiag reads: minutes of CPU and little output, until pmdiag's time
         * bound stops acpiexec */
        ThermalZone (TZCP)
        {
            Method (_TMP, 0, NotSerialized) { Return (0x0BB8) }
            Method (BIN, 1, NotSerialized)
            {
                If (Arg0 == Zero)
                {
                    Return (One)
                }
                Return (BIN (Arg0 - One) + BIN (Arg0 - One))
            }
            Method (_PSV, 0, NotSerialized)
            {
                Local0 = BIN (27)
                Return (Local0)
            }
        }
        /* last: a constant, evaluated after TZCP */
        ThermalZone (TZZ9)
        {
            Method (_TMP, 0, NotSerialized) { Return (0x0BB8) }
            Name (_CRT, 0x0E94)
        }
    }
}
