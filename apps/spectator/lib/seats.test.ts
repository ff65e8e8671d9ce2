import { describe, expect, it } from "vitest"
import { pageTitle, seatInfos, tournamentOf } from "./seats"

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

  it("titles a game page with the game, its players and the position", () => {
    const seats = seatInfos(["bot:ada", "bot:ben", null])
    expect(pageTitle("Downtown", seats, 120)).toBe("Downtown · ada vs ben vs Seat 3 · move 120")
    expect(pageTitle("Downtown", seats)).toBe("Downtown · ada vs ben vs Seat 3")
  })
})
