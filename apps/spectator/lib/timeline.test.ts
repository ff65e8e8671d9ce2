import type { TimelinePoint } from "@boroughs/protocol"
import { describe, expect, it } from "vitest"
import {
  bigSwingVersions,
  nextRound,
  nextSwing,
  parseAt,
  previousRound,
  previousSwing,
  ranksOf,
  recordedDelay,
  swingAt,
  swingList,
} from "./timeline"

const point = (
  version: number,
  round: number,
  scores: number[],
  time: string | null = null,
): TimelinePoint => ({
  version,
  type: "X",
  round,
  time,
  standings: scores.map((score) => ({ score, money: score })),
})

const game = [
  point(1, 1, [10, 10, 10]),
  point(2, 1, [10, 11, 10]),
  point(3, 1, [10, 11, 10]),
  point(4, 2, [10, 11, 10]),
  point(5, 2, [30, 11, 10]), // seat 0 leaps to the lead
  point(6, 3, [30, 12, 10]),
  point(7, 3, [30, 12, 10]),
]

describe("timeline navigation", () => {
  it("ranks share ties", () => expect(ranksOf([5, 9, 5])).toEqual([2, 1, 2]))

  it("a position that reorders the race swings more than a small gain", () => {
    expect(swingAt(game, 4)).toBeGreaterThan(swingAt(game, 5))
    expect(swingAt(game, 2)).toBe(0)
  })

  it("the next big swing is the leap to the lead, then none", () => {
    expect(nextSwing(bigSwingVersions(game), 1)).toBe(5)
    expect(nextSwing(bigSwingVersions(game), 5)).toBeNull()
  })

  it("the previous big swing is the one before the position shown", () => {
    expect(previousSwing(bigSwingVersions(game), 7)).toBe(5)
    expect(previousSwing(bigSwingVersions(game), 5)).toBe(
      bigSwingVersions(game)
        .filter((v) => v < 5)
        .pop() ?? null,
    )
    expect(previousSwing(bigSwingVersions(game), 1)).toBeNull()
  })

  it("says each big swing in words: who took the lead, by how much", () => {
    const names = ["ann", "ben", "cy"]
    const swings = swingList(game, (s) => names[s] as string)
    expect(swings.map((s) => s.version)).toEqual(bigSwingVersions(game))
    expect(swings.find((s) => s.version === 5)).toEqual({
      version: 5,
      round: 2,
      text: "ann takes the lead (ann +20 points)",
    })
    const falling = [point(1, 1, [10, 5]), point(2, 1, [2, 5])]
    expect(swingList(falling, (s) => names[s] as string, "prestige")).toEqual([
      { version: 2, round: 1, text: "ben takes the lead (ann −8 prestige)" },
    ])
  })

  it("↓ goes to the next round's first position, ↑ to this round's first, then the one before", () => {
    expect(nextRound(game, 2)).toBe(4)
    expect(nextRound(game, 6)).toBe(7)
    expect(previousRound(game, 5)).toBe(4)
    expect(previousRound(game, 4)).toBe(1)
    expect(previousRound(game, 1)).toBe(1)
  })

  it("recorded pace follows the command times, bounded", () => {
    const timed = [
      point(1, 1, [0], "2026-01-01T00:00:00.000Z"),
      point(2, 1, [0], "2026-01-01T00:00:01.000Z"),
      point(3, 1, [0], "2026-01-01T00:00:01.000Z"),
      point(4, 1, [0], "2026-01-01T00:01:00.000Z"),
    ]
    expect(recordedDelay(timed, 2)).toBe(1_000)
    expect(recordedDelay(timed, 3)).toBe(150)
    expect(recordedDelay(timed, 4)).toBe(3_000)
  })

  it("?at= accepts positions 1..last and names what is wrong otherwise", () => {
    expect(parseAt(undefined, 9)).toEqual({ ok: true, at: null })
    expect(parseAt("4", 9)).toEqual({ ok: true, at: 4 })
    expect(parseAt("10", 9)).toEqual({
      ok: false,
      problem: expect.stringMatching(/beyond the end: the last position is 9/),
    })
    expect(parseAt("0", 9)).toMatchObject({ ok: false })
    expect(parseAt("x", 9)).toMatchObject({ ok: false, problem: expect.stringMatching(/not a position/) })
  })
})
