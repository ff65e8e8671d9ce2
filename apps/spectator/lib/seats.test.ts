import { describe, expect, it } from "vitest"
import { seatInfos, tournamentOf } from "./seats"

describe("seats and tournaments", () => {
  it("names seats after their holders, and empty seats by number", () => {
    expect(seatInfos(["bot:ada", null, "player:ben"])).toEqual([
      { seat: 0, name: "ada" },
      { seat: 1, name: "Seat 2" },
      { seat: 2, name: "ben" },
    ])
  })

  it("reads a tournament game's id as <tournament>-r<round>-t<table>", () => {
    expect(tournamentOf("spring-cup-r3-t2")).toBe("spring-cup")
    expect(tournamentOf("g1a2b3")).toBeNull()
    expect(tournamentOf("x-r1")).toBeNull()
  })
})
