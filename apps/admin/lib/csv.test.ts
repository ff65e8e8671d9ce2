import type { TournamentDetail } from "@boroughs/protocol"
import { describe, expect, it } from "vitest"
import { csvField, csvFileName, pairingsCsv, standingsCsv, toCsv } from "./csv"

const rating = { mu: 27.1, sigma: 6.2, ordinal: 8.5 }
const standings: TournamentDetail["standings"] = [
  {
    rank: 1,
    entrant: "middle-1",
    plays: "builtin:middle",
    points: 2 / 3,
    games: 2,
    wins: 1,
    byes: 1,
    opposition: 0.5,
    meanScore: 3,
    rating,
  },
  {
    rank: 2,
    entrant: "carol",
    plays: "player:carol",
    points: 0,
    games: 3,
    wins: 0,
    byes: 0,
    opposition: 1,
    meanScore: 0,
    rating: { mu: 20, sigma: 7, ordinal: -1.005 },
  },
]
const result = {
  ranks: [2, 1, 3],
  scores: [4, 7.5, 0],
  reason: "finished",
  forfeited: [2],
  version: 40,
  head: "ab",
}
const roundList: TournamentDetail["roundList"] = [
  {
    round: 1,
    tables: [
      { table: 1, gameId: "t1-r1-t1", entrants: ["a", "b", "c"], result },
      { table: 2, gameId: "t1-r1-t2", entrants: ["d", "e", "f"], result: null },
    ],
    byes: ["g"],
    sealed: null,
  },
]

describe("CSV fields and files (RFC 4180)", () => {
  it("leaves plain fields alone and quotes commas, quotes and line breaks", () => {
    expect(csvField("plain text")).toBe("plain text")
    expect(csvField(2.5)).toBe("2.5")
    expect(csvField(null)).toBe("")
    expect(csvField("Smith, Jo")).toBe('"Smith, Jo"')
    expect(csvField('the "fox"')).toBe('"the ""fox"""')
    expect(csvField("two\nlines")).toBe('"two\nlines"')
    expect(csvField("cr\rhere")).toBe('"cr\rhere"')
  })

  it("ends every line, the last too, with CRLF", () => {
    expect(
      toCsv([
        ["a", "b"],
        [1, null],
      ]),
    ).toBe("a,b\r\n1,\r\n")
    expect(toCsv([])).toBe("")
  })
})

describe("the standings file", () => {
  it("has the page's columns, its two-place numbers and the byes", () => {
    expect(standingsCsv({ standings }).split("\r\n")).toEqual([
      "Rank,Entrant,Plays,Points,Games,Wins,Byes,Opposition,Rating",
      "1,middle-1,builtin:middle,0.67,2,1,1,0.50,8.50",
      "2,carol,player:carol,0.00,3,0,0,1.00,-1.00",
      "",
    ])
  })
})

describe("the pairings file", () => {
  it("has a line per seat with its rank and score, in-play tables empty, then the round's byes", () => {
    expect(pairingsCsv({ roundList }).split("\r\n")).toEqual([
      "Round,Table,Game,Seat,Entrant,Rank,Score,Result",
      "1,1,t1-r1-t1,0,a,2,4,finished",
      "1,1,t1-r1-t1,1,b,1,7.5,finished",
      "1,1,t1-r1-t1,2,c,3,0,finished (forfeited)",
      "1,2,t1-r1-t2,0,d,,,in play",
      "1,2,t1-r1-t2,1,e,,,in play",
      "1,2,t1-r1-t2,2,f,,,in play",
      "1,,,,g,,,bye",
      "",
    ])
  })

  it("is the header alone before round 1 is paired", () => {
    expect(pairingsCsv({ roundList: [] })).toBe("Round,Table,Game,Seat,Entrant,Rank,Score,Result\r\n")
  })
})

describe("file names", () => {
  it("are the tournament's name and what the file holds", () => {
    expect(csvFileName({ name: "Spring cup", tournamentId: "t1" }, "standings")).toBe(
      "Spring cup-standings.csv",
    )
  })
  it("drop the characters file systems refuse, and fall back on the id", () => {
    expect(csvFileName({ name: 'Cup 1/2: "final"?', tournamentId: "t1" }, "pairings")).toBe(
      "Cup 1-2- -final--pairings.csv",
    )
    expect(csvFileName({ name: "///", tournamentId: "t9" }, "pairings")).toBe("t9-pairings.csv")
  })
})
