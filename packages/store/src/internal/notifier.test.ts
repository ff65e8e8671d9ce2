import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { CoalescedNotifier } from "./notifier.js"

describe("CoalescedNotifier", () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const counting = () => {
    let sent = 0
    return { send: async () => void sent++, sent: () => sent }
  }

  it("notifies at once after a quiet spell", async () => {
    const c = counting()
    const notifier = new CoalescedNotifier(c.send, 2)
    notifier.notify()
    expect(c.sent()).toBe(1)
    await vi.advanceTimersByTimeAsync(10)
    notifier.notify()
    expect(c.sent()).toBe(2)
  })

  it("a burst of appends costs one NOTIFY at its start and one when its window closes", async () => {
    const c = counting()
    const notifier = new CoalescedNotifier(c.send, 2)
    for (let i = 0; i < 100; i++) notifier.notify()
    expect(c.sent()).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(c.sent()).toBe(1)
    await vi.advanceTimersByTimeAsync(2)
    expect(c.sent()).toBe(2) // the trailing wake-up: appends after the first NOTIFY are not left unannounced
    await vi.advanceTimersByTimeAsync(10)
    expect(c.sent()).toBe(2) // nothing owed, nothing sent
  })

  it("a failed NOTIFY does not stop later ones", async () => {
    let calls = 0
    const notifier = new CoalescedNotifier(async () => {
      calls++
      throw new Error("connection terminated")
    }, 2)
    notifier.notify()
    await vi.advanceTimersByTimeAsync(5)
    notifier.notify()
    expect(calls).toBe(2)
  })

  it("closing sends the wake-up still owed, and nothing after", async () => {
    const c = counting()
    const notifier = new CoalescedNotifier(c.send, 1000)
    notifier.notify()
    notifier.notify()
    await notifier.close()
    expect(c.sent()).toBe(2)
    notifier.notify()
    await vi.advanceTimersByTimeAsync(2000)
    expect(c.sent()).toBe(2)
  })
})
