/*
 * SPDX-License-Identifier: GPL-2.0-or-later
 * AML whose evaluation prints without end (tests/bats/aml.bats): the low-power S0 _DSM,
 * which pmdiag calls last and does not trace, stores a string of 64 KiB to the Debug
 * object 2^20 times (ACPICA prints each: 64 GiB), and pmdiag's output bound (256 MiB)
 * stops acpiexec. A constant zone before it.
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
    }
    Scope (\_SB)
    {
        Device (PEPD)
        {
            Name (_HID, "PNP0D80")
            Name (STR, "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef")
            Method (BIN, 1, NotSerialized)
            {
                If (Arg0 == Zero)
                {
                    Debug = STR
                    Return (One)
                }
                Return (BIN (Arg0 - One) + BIN (Arg0 - One))
            }
            Method (_DSM, 4, Serialized)
            {
                Local0 = 10
                While (Local0)                      // 64 bytes doubled 10 times
                {
                    Concatenate (STR, STR, STR)
                    Local0--
                }
                BIN (20)
                Return (Buffer (One) { 0x00 })
            }
        }
    }
}
