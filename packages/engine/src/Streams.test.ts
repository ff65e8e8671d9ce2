import { tournamentStream } from "@boroughs/tournament"
import { describe, expect, it } from "vitest"
import * as Streams from "./Streams.js"

describe("Streams", () => {
  it("spells each kind of stream as <kind>-<id>, the tournament's as the tournament package does", () => {
    expect(Streams.game("g1")).toBe("game-g1")
    expect(Streams.access("g1")).toBe("access-g1")
    expect(Streams.tournament("cup")).toBe(tournamentStream("cup"))
  })

  it("takes back the id it was given, dashes and all, and nothing from another kind of stream", () => {
    for (const id of ["g1", "cup-r1-t1", "game-x", ""]) {
      expect(Streams.gameIdOf(Streams.game(id))).toBe(id)
      expect(Streams.tournamentIdOf(Streams.tournament(id))).toBe(id)
    }
    expect(Streams.gameIdOf(Streams.access("g1"))).toBeNull()
    expect(Streams.gameIdOf(Streams.tournament("g1"))).toBeNull()
    expect(Streams.tournamentIdOf(Streams.game("cup"))).toBeNull()
    expect(Streams.isTournament(Streams.tournament("cup"))).toBe(true)
    expect(Streams.isTournament(Streams.game("tournament-cup"))).toBe(false)
  })
})
