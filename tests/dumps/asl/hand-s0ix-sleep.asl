/*
 * SPDX-License-Identifier: GPL-2.0-or-later
 * The DSDT of tests/dumps/hand-s0ix-sleep (compiled by iasl in handmade-s0ix.py): the
 * system sleep state objects in every form firmware writes them, and an Intel LPS0 device.
 *  \_S0, \_S5  plain Names;
 *  \_S1        inside If (SS1), SS1 a constant Zero: never created as the table loads;
 *  \_S2        inside If (S2EN == One), S2EN a byte of an operation region: the machine's;
 *  \_S3        inside If (SS3), SS3 a constant One: created;
 *  \_S4        a method that builds the package: ACPICA evaluates it.
 */
DefinitionBlock ("", "DSDT", 2, "PMDIAG", "SLEEP", 0x1140)
{
	Name (SS1, Zero)
	Name (SS3, One)
	OperationRegion (GNVS, SystemMemory, 0x7FFF0000, 0x10)
	Field (GNVS, AnyAcc, NoLock, Preserve)
	{
		S2EN, 8
	}

	Name (_S0, Package (0x04) { Zero, Zero, Zero, Zero })
	If (SS1)
	{
		Name (_S1, Package (0x04) { One, Zero, Zero, Zero })
	}
	If ((S2EN == One))
	{
		Name (_S2, Package (0x04) { 0x02, Zero, Zero, Zero })
	}
	If (SS3)
	{
		Name (_S3, Package (0x04) { 0x05, Zero, Zero, Zero })
	}
	Method (_S4, 0, NotSerialized)
	{
		Local0 = Package (0x04) { 0x06, Zero, Zero, Zero }
		Return (Local0)
	}
	Name (_S5, Package (0x04) { 0x07, Zero, Zero, Zero })

	Scope (\_SB)
	{
		Device (PCI0)
		{
			Name (_HID, EisaId ("PNP0A08"))
			Name (_CID, EisaId ("PNP0A03"))
			Device (XHCI) { Name (_ADR, 0x00140000) }
		}

		Device (PEPD)
		{
			Name (_HID, "INT33A1")
			Name (_CID, EisaId ("PNP0D80"))
			Name (_UID, One)
			Method (_DSM, 4, Serialized)
			{
				If ((Arg0 == ToUUID ("c4eb40a0-6cd2-11e2-bcfd-0800200c9a66")))
				{
					If ((Arg2 == Zero)) { Return (Buffer (One) { 0x7F }) }
					If ((Arg2 == One)) { Return (Package (Zero) {}) }
					Return (Buffer (One) { Zero })
				}
				Return (Buffer (One) { Zero })
			}
		}
	}
}
