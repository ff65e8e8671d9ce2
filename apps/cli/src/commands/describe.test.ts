import { gameIds, registry, start } from "@boroughs/core"
import { describe, expect, it } from "vitest"
import { describeGame } from "./describe.js"

describe("describe", () => {
  it("gives each game's seats as the range a game with its default options starts with", () => {
    for (const id of gameIds()) {
      const { seats, defaultOptions } = describeGame(id)
      const game = registry.find((g) => g.game.id === id)?.game
      if (game === undefined) throw new Error(`${id} is registered`)
      const starts = (n: number) => start(game, defaultOptions, n, "seed")._tag
      expect([starts(seats.min), starts(seats.max)], `${id} at ${seats.min} and ${seats.max}`).toEqual([
        "Success",
        "Success",
      ])
      expect(
        [starts(seats.min - 1), starts(seats.max + 1)],
        `${id} outside ${seats.min}–${seats.max}`,
      ).toEqual(["Failure", "Failure"])
    }
  })
})
