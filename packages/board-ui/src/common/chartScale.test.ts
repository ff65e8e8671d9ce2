import { describe, expect, it } from "vitest"
import { linear, linePath, nearestIndex, niceTicks } from "./chartScale.js"

describe("a line chart's arithmetic", () => {
  it("puts round ticks over the whole range", () => {
    expect(niceTicks(0, 100)).toEqual([0, 20, 40, 60, 80, 100])
    expect(niceTicks(-7, 23)).toEqual([-10, 0, 10, 20, 30])
    expect(niceTicks(0, 1, 4)).toEqual([0, 0.25, 0.5, 0.75, 1])
    expect(niceTicks(3, 3)).toEqual([3])
    const ticks = niceTicks(12.3, 987.6)
    expect(ticks[0]).toBeLessThanOrEqual(12.3)
    expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(987.6)
  })

  it("maps a domain onto a range, a point domain onto the middle", () => {
    expect(linear(0, 10, 100, 200)(5)).toBe(150)
    expect(linear(0, 10, 200, 100)(10)).toBe(100)
    expect(linear(4, 4, 0, 50)(4)).toBe(25)
  })

  it("draws steps or lines, with gaps where a value is missing", () => {
    expect(linePath([0, 10, 20], [5, 7, 9], true)).toBe("M0.0 5.0H10.0V7.0H20.0V9.0")
    expect(linePath([0, 10, 20], [5, 7, 9], false)).toBe("M0.0 5.0L10.0 7.0L20.0 9.0")
    expect(linePath([0, 10, 20, 30], [5, null, 9, 1], false)).toBe("M0.0 5.0M20.0 9.0L30.0 1.0")
    expect(linePath([], [], true)).toBe("")
  })

  it("finds the nearest x, the earlier one on a tie", () => {
    expect(nearestIndex([1, 2, 3, 10], 6)).toBe(2)
    expect(nearestIndex([1, 2, 3, 10], 7)).toBe(3)
    expect(nearestIndex([0, 10], 5)).toBe(0)
    expect(nearestIndex([5], -100)).toBe(0)
    expect(nearestIndex([], 3)).toBe(-1)
  })
})
