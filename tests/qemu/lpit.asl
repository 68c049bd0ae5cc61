/*
 * An LPIT of our own for the q35-pcie machine (-acpitable): one native C-state entry as
 * Intel firmware writes its first one: entered by MWAIT hint 0x60 (FFH), counted in the
 * package C10 residency MSR 0x632 at the TSC's rate, minimum residency 30 ms, latency
 * 3 ms. Linux (drivers/acpi/acpi_lpit.c) makes it low_power_idle_cpu_residency_us.
 * A static data table, compiled by iasl (tests/qemu/qemu.bash, qemu_aml).
 */
[0004]                          Signature : "LPIT"    [Low Power Idle Table]
[0004]                       Table Length : 00000000
[0001]                           Revision : 01
[0001]                           Checksum : 00
[0006]                             Oem ID : "PMDIAG"
[0008]                       Oem Table ID : "PMDLPIT "
[0004]                       Oem Revision : 00000001
[0004]                    Asl Compiler ID : "INTL"
[0004]              Asl Compiler Revision : 20200925

[0004]                      Subtable Type : 00000000 [Native C-state Idle Structure]
[0004]                             Length : 00000038
[0002]                          Unique ID : 0000
[0002]                           Reserved : 0000
[0004]              Flags (decoded below) : 00000000
                           State Disabled : 0
                               No Counter : 0

[0012]                      Entry Trigger : [Generic Address Structure]
[0001]                           Space ID : 7F [FunctionalFixedHW]
[0001]                          Bit Width : 01
[0001]                         Bit Offset : 02
[0001]               Encoded Access Width : 00 [Undefined/Legacy]
[0008]                            Address : 0000000000000060

[0004]                          Residency : 00007530
[0004]                            Latency : 00000BB8
[0012]                  Residency Counter : [Generic Address Structure]
[0001]                           Space ID : 7F [FunctionalFixedHW]
[0001]                          Bit Width : 40
[0001]                         Bit Offset : 00
[0001]               Encoded Access Width : 04 [QWord Access:64]
[0008]                            Address : 0000000000000632

[0008]                  Counter Frequency : 0000000000000000
