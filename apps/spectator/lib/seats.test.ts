import { describe, expect, it } from "vitest"
import { pageTitle, seatInfos, tournamentChoices, tournamentOf } from "./seats"

describe("seats and tournaments", () => {
  it("names seats after their holders, and empty seats by number", () => {
    expect(seatInfos(["bot:ada", null, "player:ben"])).toEqual([
      { seat: 0, name: "ada" },
      { seat: 1, name: "Seat 2" },
      { seat: 2, name: "ben" },
    ])
  })

  it("names seats by the game's display names, and the rest as before", () => {
    expect(
      seatInfos(["builtin:random", "builtin:random", null, "bot:cy"], ["ada", null, "Seat owner", null]),
    ).toEqual([
      { seat: 0, name: "ada" },
      { seat: 1, name: "random" },
      { seat: 2, name: "Seat owner" },
      { seat: 3, name: "cy" },
    ])
  })

  it("names a guest's seat by its display name alone, never by its minted holder", () => {
    expect(seatInfos(["seat:K2Q7X", "seat:M4T9Z", "builtin:random"], ["Ann", null, null])).toEqual([
      { seat: 0, name: "Ann" },
      { seat: 1, name: "Seat 2" },
      { seat: 2, name: "random" },
    ])
  })

  it("offers each tournament once, by name where a game gives it, the chosen one even when not listed", () => {
    const games = [
      { gameId: "t7cb-r1-t1", tournament: { id: "t7cb", name: "Spring cup" } },
      { gameId: "t7cb-r1-t2" },
      { gameId: "old-r2-t1" },
      { gameId: "g1a2b3", tournament: null },
      { gameId: "abc-r1-t1", tournament: { id: "abc", name: "Autumn cup" } },
    ]
    expect(tournamentChoices(games, "gone")).toEqual([
      { id: "abc", name: "Autumn cup" },
      { id: "gone", name: "gone" },
      { id: "old", name: "old" },
      { id: "t7cb", name: "Spring cup" },
    ])
    expect(tournamentChoices([], undefined)).toEqual([])
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
