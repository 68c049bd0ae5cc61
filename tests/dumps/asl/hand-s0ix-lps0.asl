/*
 * SPDX-License-Identifier: GPL-2.0-or-later
 * The DSDT of tests/dumps/hand-s0ix-lps0 (compiled by iasl in handmade-s0ix.py): an
 * Intel LPS0 device (INT33A1, _CID PNP0D80) as Intel firmware writes it, its _DSM
 * answering Intel's UUID (functions 0-6) and Microsoft's (functions 0 and 7, 8), and
 * constraints in Intel's layout: two PCI functions and a PCIe device behind a root port in
 * D3, one device the namespace lacks, one disabled.
 */
DefinitionBlock ("", "DSDT", 2, "PMDIAG", "LPS0", 1)
{
	Scope (\_SB)
	{
		Device (PCI0)
		{
			Name (_HID, EisaId ("PNP0A08"))
			Name (_CID, EisaId ("PNP0A03"))
			Device (XHCI) { Name (_ADR, 0x00140000) }
			Device (IPU0) { Name (_ADR, 0x00050000) }
			Device (RP09)
			{
				Name (_ADR, 0x001D0000)
				Device (PXSX) { Name (_ADR, Zero) }
			}
		}

		Device (PEPD)
		{
			Name (_HID, "INT33A1")
			Name (_CID, EisaId ("PNP0D80"))
			Name (_UID, One)
			Name (DEVY, Package ()
			{
				Package () { "\\_SB.PCI0.XHCI", One, Package () { Zero, Package () { 0xFF, 3 } } },
				Package () { "\\_SB.PCI0.IPU0", One, Package () { Zero, Package () { 0xFF, 3 } } },
				Package () { "\\_SB.PCI0.RP09.PXSX", One,
					Package () { Zero, Package () { Zero, Zero }, Package () { One, 3 } } },
				Package () { "\\_SB.PCI0.GONE", One, Package () { Zero, Package () { 0xFF, 3 } } },
				Package () { "\\_SB.PCI0.SAT0", Zero, Package () { Zero, Package () { 0xFF, 3 } } },
			})
			Method (_DSM, 4, Serialized)
			{
				If ((Arg0 == ToUUID ("c4eb40a0-6cd2-11e2-bcfd-0800200c9a66")))
				{
					If ((Arg2 == Zero)) { Return (Buffer (One) { 0x7F }) }
					If ((Arg2 == One)) { Return (DEVY) }
					Return (Buffer (One) { Zero })
				}
				If ((Arg0 == ToUUID ("11e00d56-ce64-47ce-837b-1f898f9aa461")))
				{
					If ((Arg2 == Zero)) { Return (Buffer (2) { 0x81, 0x01 }) }
					Return (Buffer (One) { Zero })
				}
				Return (Buffer (One) { Zero })
			}
		}
	}
}
