/*
 * SPDX-License-Identifier: GPL-2.0-or-later
 * AML that waits (tests/bats/aml.bats): on the virtual clock (tools/aml-vclock.c) a timed
 * wait that nothing can end times out at once and moves the clock by its timeout, a wait
 * that another thread ends is ended by it, and a wait for good that nothing can end fails
 * that object alone. acpiexec 20200925 waited for real, on the real clock: a firmware with
 * such loops took pmdiag's whole time bound and lost every value. The zones are evaluated
 * in this order.
 */
DefinitionBlock ("", "DSDT", 2, "PMDIAG", "AMLWAIT", 1)
{
    Mutex (MUTX, 0)
    Event (EVT1)
    /*
     * acpiexec runs a device's _NOT on a thread of its own when AML notifies the device
     * (its notify handler; no real machine has one): a second thread of AML. This one holds
     * MUTX for 250 ms, waiting for an event nobody signals.
     */
    Device (HOLD)
    {
        Name (_HID, "PNP0C02")
        Method (_NOT, 0, NotSerialized)
        {
            Acquire (MUTX, 0xFFFF)
            Wait (EVT1, 250)
            Release (MUTX)
        }
    }
    Scope (\_TZ)
    {
        /* first: a constant */
        ThermalZone (TZA0)
        {
            Method (_TMP, 0, NotSerialized) { Return (0x0BB8) }
            Name (_CRT, 0x0E94)                     // 100.0 C
        }
        /* waits 100 ms at a time for an event nobody signals, for half a second of Timer:
         * 5 timeouts, 85.0 C + 1.0 C each (on the real clock, each round took 100 ms of real
         * time and Timer hardly moved: hundreds of rounds) */
        ThermalZone (TZEV)
        {
            Event (EVT0)
            Method (_TMP, 0, NotSerialized) { Return (0x0BB8) }
            Method (_PSV, 0, Serialized)
            {
                Local0 = Zero
                Local1 = Timer
                While ((Timer - Local1) < 5000000)
                {
                    If (Wait (EVT0, 100))
                    {
                        Local0++
                    }
                    Else
                    {
                        Break
                    }
                }
                Return (0x0DFE + (Local0 * 10))     // 90.0 C
            }
        }
        /* a mutex acquired with a timeout in a While, while \HOLD._NOT holds it for 250 ms:
         * two timeouts (100 and 200 ms), then _NOT's Release ends the third wait: 85.0 C +
         * 1.0 C per timeout (three timeouts, had the Release not ended the wait) */
        ThermalZone (TZMX)
        {
            Method (_TMP, 0, NotSerialized) { Return (0x0BB8) }
            Method (_HOT, 0, Serialized)
            {
                Notify (\HOLD, 0x80)
                Sleep (1)                           // _NOT takes MUTX meanwhile
                Local0 = Zero
                While (Acquire (MUTX, 100))
                {
                    Local0++
                }
                Release (MUTX)
                Return (0x0DFE + (Local0 * 10))     // 87.0 C
            }
        }
        /* waits for good for an event nobody signals: every thread of acpiexec waits for
         * good (a deadlock); the wait ends at once and this object fails */
        ThermalZone (TZDL)
        {
            Event (EVT2)
            Method (_TMP, 0, NotSerialized) { Return (0x0BB8) }
            Method (_CRT, 0, Serialized)
            {
                Wait (EVT2, 0xFFFF)
                Return (0x0E80)                     // 98.0 C
            }
        }
        /* last: a constant, evaluated after TZDL */
        ThermalZone (TZZ9)
        {
            Method (_TMP, 0, NotSerialized) { Return (0x0BB8) }
            Name (_CRT, 0x0E94)
        }
    }
}
