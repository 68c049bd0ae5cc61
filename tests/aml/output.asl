/*
 * SPDX-License-Identifier: GPL-2.0-or-later
 * AML whose evaluation prints without end (tests/bats/aml.bats): 2^27 calls and no While
 * loop, so no loop timeout stops it; every call is traced, and pmdiag's output bound
 * (256 MiB) stops acpiexec first. A constant zone before it, one after it.
 */
DefinitionBlock ("", "DSDT", 2, "PMDIAG", "AMLOUT", 1)
{
    Scope (\_TZ)
    {
        ThermalZone (TZA0)
        {
            Method (_TMP, 0, NotSerialized) { Return (0x0BB8) }
            Name (_CRT, 0x0E94)                     // 100.0 C
        }
        ThermalZone (TZBN)
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
        ThermalZone (TZZ9)
        {
            Method (_TMP, 0, NotSerialized) { Return (0x0BB8) }
            Name (_CRT, 0x0E94)
        }
    }
}
