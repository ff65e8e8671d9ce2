import { describe, expect, it } from "vitest"
import { formatTimeLeft, isRunningOut, timeLeftMs } from "./clock.js"

describe("a seat's countdown", () => {
  it("shows minutes and seconds, rounding up to the whole second", () => {
    expect(formatTimeLeft(30_000)).toBe("00:30")
    expect(formatTimeLeft(29_001)).toBe("00:30")
    expect(formatTimeLeft(9_500)).toBe("00:10")
    expect(formatTimeLeft(600_000)).toBe("10:00")
    expect(formatTimeLeft(59 * 60_000 + 59_999)).toBe("1:00:00")
    expect(formatTimeLeft(61_000)).toBe("01:01")
  })

  it("shows hours only from an hour up", () => {
    expect(formatTimeLeft(3_600_000)).toBe("1:00:00")
    expect(formatTimeLeft(7 * 24 * 3_600_000)).toBe("168:00:00")
  })

  it("stops at 00:00 once the deadline has passed", () => {
    expect(formatTimeLeft(0)).toBe("00:00")
    expect(formatTimeLeft(-5_000)).toBe("00:00")
  })

  it("counts from the server's deadline to now", () => {
    const now = Date.parse("2026-01-01T00:00:00.000Z")
    expect(timeLeftMs("2026-01-01T00:00:12.500Z", now)).toBe(12_500)
    expect(timeLeftMs("2025-12-31T23:59:59.000Z", now)).toBe(-1_000)
  })

  it("warns under ten seconds left", () => {
    expect(isRunningOut(10_000)).toBe(false)
    expect(isRunningOut(9_999)).toBe(true)
    expect(isRunningOut(-1)).toBe(true)
  })
})
