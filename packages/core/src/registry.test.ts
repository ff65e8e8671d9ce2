import { describe, expect, it } from "vitest"
import { seatRange, start } from "./kernel/match.js"
import { findGame, registry } from "./registry.js"

describe("seatRange", () => {
  it("is the seat counts a game starts with under the given options", () => {
    const downtown = findGame("downtown")?.game
    if (downtown === undefined) throw new Error("downtown is registered")
    // The standard game is 3–6 (rule text); two players need the published two-player variant.
    expect(seatRange(downtown)).toEqual({ min: 3, max: 6 })
    expect(seatRange(downtown, { variant: "2p-official" })).toEqual({ min: 2, max: 2 })
    expect(seatRange(downtown, { variant: "no such variant" })).toBeNull()
  })

  it("agrees with start for every registered game with its default options", () => {
    for (const { game } of registry) {
      const range = seatRange(game)
      if (range === null) throw new Error(`${game.id} starts with no seat count`)
      for (let n = game.seats.min - 1; n <= game.seats.max + 1; n++)
        expect(start(game, undefined, n, "s")._tag, `${game.id} at ${n} seats`).toBe(
          n >= range.min && n <= range.max ? "Success" : "Failure",
        )
    }
  })
})
