import type { LadderGame } from "@boroughs/protocol"
import { describe, expect, it } from "vitest"
import { change, holderName, resultsOf, sparkline } from "./ladder"

const game = (gameId: string, holders: string[], ranks: number[] | null): LadderGame => ({
  gameId,
  holders,
  status: ranks === null ? "live" : "ended",
  startedAt: "2026-12-04T10:00:00.000Z",
  endedAt: ranks === null ? null : "2026-12-04T10:05:00.000Z",
  ranks,
  before: holders.map(() => 0),
  after: ranks === null ? null : ranks.map((r) => 2 - r),
})

describe("the ladder page's helpers", () => {
  it("names bots by their name and marks house bots", () => {
    expect(holderName("bot:alpha")).toBe("alpha")
    expect(holderName("builtin:heuristic")).toBe("heuristic (house)")
  })

  it("lists an entrant's finished games with its rank and rating change, skipping live ones", () => {
    const games = [
      game("g3", ["bot:a", "builtin:heuristic"], null),
      game("g2", ["builtin:heuristic", "bot:a"], [1, 2]),
      game("g1", ["bot:a", "bot:b"], [1, 2]),
    ]
    expect(resultsOf("bot:a", games).map((r) => [r.gameId, r.rank, r.after])).toEqual([
      ["g2", 2, 0],
      ["g1", 1, 1],
    ])
    expect(resultsOf("bot:c", games)).toEqual([])
  })

  it("prints rating changes with their sign", () => {
    expect(change(1, 2.254)).toBe("+1.25")
    expect(change(2, 1.6)).toBe("−0.40")
    expect(change(3, 3)).toBe("±0")
  })

  it("draws a sparkline only from two scores on, spanning its box", () => {
    expect(sparkline([5], 60, 16)).toBeNull()
    expect(sparkline([0, 10], 60, 16)).toBe("0.0,16.0 60.0,0.0")
    expect(sparkline([3, 3, 3], 60, 16)).toBe("0.0,16.0 30.0,16.0 60.0,16.0")
  })
})
