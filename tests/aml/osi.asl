/*
 * SPDX-License-Identifier: GPL-2.0-or-later
 * _OSI calls as the evaluation runs them (tests/bats/s0ix.bats): compiled by iasl in the
 * test and given to the tools as an acpidump.
 *   \_SB._INI    asks "Windows 2015" (a literal) and, through OSCK, "Windows 2020" (a
 *                string the tables hold nowhere after _OSI): both at load, and again as
 *                Linux boots (pmdiag runs every _INI again under Linux's answers)
 *   \_SB.NEVR    asks "Linux" and "Windows 2022": nothing calls it
 *   \_TZ.TZOS    a zone, so that the tables are evaluated
 */
DefinitionBlock ("", "DSDT", 2, "PMDIAG", "AMLOSI", 1)
{
    Name (OSYS, Zero)
    Method (OSCK, 1, NotSerialized)
    {
        Return (_OSI (Arg0))
    }

    Scope (\_SB)
    {
        Method (_INI, 0, NotSerialized)
        {
            OSYS = 0x07D0
            If (_OSI ("Windows 2015"))
            {
                OSYS = 0x07DF
            }
            If (OSCK ("Windows 2020"))
            {
                OSYS = 0x07E4
            }
        }

        Method (NEVR, 0, NotSerialized)
        {
            If (_OSI ("Linux"))
            {
                Return (One)
            }
            If (_OSI ("Windows 2022"))
            {
                Return (0x02)
            }
            Return (Zero)
        }
    }

    Scope (\_TZ)
    {
        ThermalZone (TZOS)
        {
            Method (_TMP, 0, NotSerialized)
            {
                Return (0x0BB8)
            }
            Method (_CRT, 0, NotSerialized)
            {
                Return (0x0E94)
            }
        }
    }
}
