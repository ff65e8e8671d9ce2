import { describe, expect, it } from "vitest"
import { describeSeats } from "./game.js"

describe("describeSeats", () => {
  it("gives each seat's holder, and its display name where the game gives one", () => {
    const detail = { game: "uptown", gameId: "g1", players: ["builtin:random", null, "bot:cy"] }
    expect(describeSeats({ ...detail, names: ["Ada", "Ben", null] })).toBe(
      'uptown game g1: seat 0 builtin:random "Ada", seat 1 (played by organisers) "Ben", seat 2 bot:cy',
    )
    expect(describeSeats(detail)).toBe(
      "uptown game g1: seat 0 builtin:random, seat 1 (played by organisers), seat 2 bot:cy",
    )
  })
})
