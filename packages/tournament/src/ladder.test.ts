import { describe, expect, it } from "vitest"
import { HOUSE_RATING, isHouse, ladderScore, newRating, pairLadder, rateLadderGame } from "./ladder.js"

describe("ladder pairing", () => {
  it("seats neighbours in the ranking together and fills the last table with house bots", () => {
    const free = [
      { holder: "bot:a", score: 1 },
      { holder: "bot:b", score: 9 },
      { holder: "bot:c", score: 5 },
      { holder: "bot:d", score: 7 },
      { holder: "bot:e", score: 3 },
    ]
    expect(pairLadder(free, 4, ["builtin:heuristic"])).toEqual([
      ["bot:b", "bot:d", "bot:c", "bot:e"],
      ["bot:a", "builtin:heuristic", "builtin:heuristic", "builtin:heuristic"],
    ])
  })

  it("breaks equal scores by name, so the same entrants always make the same tables", () => {
    const free = [
      { holder: "bot:z", score: 0 },
      { holder: "bot:m", score: 0 },
    ]
    expect(pairLadder(free, 3, ["builtin:random", "builtin:heuristic"])).toEqual([
      ["bot:m", "bot:z", "builtin:random"],
    ])
    expect(pairLadder([...free].reverse(), 3, ["builtin:random"])).toEqual(
      pairLadder(free, 3, ["builtin:random"]),
    )
  })

  it("lets the scheduler arrange each table's seats", () => {
    const tables = pairLadder([{ holder: "bot:a", score: 0 }], 3, ["builtin:heuristic"], (h) =>
      [...h].reverse(),
    )
    expect(tables).toEqual([["builtin:heuristic", "builtin:heuristic", "bot:a"]])
  })

  it("pairs nobody when nobody is free, and refuses to fill seats with no house bot", () => {
    expect(pairLadder([], 4, ["builtin:heuristic"])).toEqual([])
    expect(() => pairLadder([{ holder: "bot:a", score: 0 }], 4, [])).toThrow(/house bot/)
  })
})

describe("ladder ratings", () => {
  it("moves the winner up and the loser down, and keeps the house bots where they are", () => {
    const holders = ["bot:a", "builtin:heuristic", "bot:b"]
    const before = [newRating(), HOUSE_RATING, newRating()]
    const after = rateLadderGame(holders, before, [1, 2, 3])
    expect(ladderScore(after[0] as never)).toBeGreaterThan(ladderScore(before[0] as never))
    expect(ladderScore(after[2] as never)).toBeLessThan(ladderScore(before[2] as never))
    expect(after[1]).toBe(HOUSE_RATING)
    expect(isHouse("builtin:ismcts:200ms")).toBe(true)
    expect(isHouse("bot:builtin")).toBe(false)
  })

  it("treats a shared rank as a draw between those seats", () => {
    const after = rateLadderGame(["bot:a", "bot:b"], [newRating(), newRating()], [1, 1])
    expect(after[0]?.mu).toBeCloseTo(after[1]?.mu as number, 10)
  })

  it("is a function of its inputs (the projection rebuilt from the log gives the same table)", () => {
    const run = () =>
      rateLadderGame(["bot:a", "bot:b", "bot:c"], [newRating(), newRating(), newRating()], [2, 1, 3])
    expect(run()).toEqual(run())
  })
})
