import type { ViewedEnvelope } from "@boroughs/protocol"
import { describe, expect, it } from "vitest"
import { holderOfMe, inviteLines, parseSeats } from "./game.js"
import { finalRanks, narrateEvent } from "./narrate.js"

const envelope = (
  version: number,
  type: string,
  data: Record<string, unknown>,
  extra: Partial<ViewedEnvelope> = {},
): ViewedEnvelope => ({
  streamId: "game-g1",
  version,
  eventId: `e${version}`,
  type,
  schemaVersion: 1,
  data,
  metadata: {},
  prevHash: "0".repeat(64),
  hash: "1".repeat(64),
  redacted: false,
  ...extra,
})

describe("narrateEvent", () => {
  it("words the kernel's events as sentences", () => {
    expect(
      narrateEvent(
        envelope(1, "GameStarted", { game: "uptown", seats: 4, seedCommitment: "1fe1a6f04b44b2" }),
      ),
    ).toBe("#1 Uptown started for 4 players (seed committed: 1fe1a6f0…)")
    expect(
      narrateEvent(
        envelope(221, "GameEnded", { ranks: [2, 3, 1], scores: [97, 64, 122], seed: "s", reason: "rules" }),
      ),
    ).toBe("#221 Game over: seat 2 wins with 122; seat 0 2nd (97); seat 1 3rd (64)")
    expect(
      narrateEvent(envelope(9, "GameEnded", { ranks: [1, 1], scores: [5, 5], reason: "adjudicated" })),
    ).toBe("#9 Game over (adjudicated): seat 0 and seat 1 share the win with 5")
  })

  it("words the organisers' actions with who did them and why", () => {
    expect(
      narrateEvent(
        envelope(7, "SeatReplaced", {
          seat: 1,
          holder: "builtin:heuristic",
          actor: "organiser:ada",
          reason: "gone",
        }),
      ),
    ).toBe("#7 seat 1 is now held by builtin:heuristic (organiser:ada: gone)")
    expect(
      narrateEvent(
        envelope(8, "SeatNamed", {
          seat: 0,
          name: "Ann Lee",
          actor: "seat:k3x9",
          reason: "named by the seat's holder",
        }),
      ),
    ).toBe(`#8 seat 0 is now called "Ann Lee" (seat:k3x9: named by the seat's holder)`)
  })

  it("words a game's own event by its type and small fields, leaving proofs and nested data out", () => {
    expect(
      narrateEvent(
        envelope(4, "CardPlaced", {
          seat: 1,
          street: 1,
          site: 2,
          card: 73,
          changes: [{ a: 1 }],
          salt: "abc",
        }),
      ),
    ).toBe("#4 seat 1: card placed — street 1, site 2, card 73")
    expect(narrateEvent(envelope(5, "DiceRolled", { seat: 0, dice: [6, 3] }))).toBe(
      "#5 seat 0: dice rolled — dice [6, 3]",
    )
    expect(narrateEvent(envelope(6, "DraftStarted", {}))).toBe("#6 Draft started")
    expect(narrateEvent(envelope(8, "ZoneScored", { zone: 9, desirable: true }))).toBe(
      "#8 Zone scored — zone 9, desirable yes",
    )
  })

  it("says when an event reached this viewer redacted, and when the clock played a move", () => {
    expect(narrateEvent(envelope(3, "CardDrawn", { seat: 1, cost: 2 }, { redacted: true }))).toBe(
      "#3 seat 1: card drawn — cost 2 (partly hidden from this viewer)",
    )
    expect(
      narrateEvent(
        envelope(10, "TurnEnded", { seat: 2, next: 0 }, { metadata: { seat: 2, actor: "clock" } }),
      ),
    ).toBe("#10 seat 2: turn ended — next 0 (the clock's default move)")
  })
})

describe("finalRanks", () => {
  it("lists the seats best first with their holders and scores, aligned", () => {
    expect(
      finalRanks(["bot:mybot", "builtin:heuristic", null], { ranks: [2, 3, 1], scores: [97, 64, 122] }),
    ).toEqual([
      "1st  seat 2 (played by organisers)  122",
      "2nd  seat 0 bot:mybot                97",
      "3rd  seat 1 builtin:heuristic        64",
    ])
  })
})

describe("--seats", () => {
  it("takes me and seat holders, and names a typo's seat", () => {
    expect(parseSeats("me, builtin:heuristic,bot:mybot,player:ann")).toEqual([
      "me",
      "builtin:heuristic",
      "bot:mybot",
      "player:ann",
    ])
    expect(() => parseSeats("me,heuristic")).toThrow(
      'seat 1 is "heuristic"; a seat is me, invite, builtin:<bot>, bot:<name> or player:<name>',
    )
  })

  it("leaves invite to the server, which mints the seat's token: printed as one JSON line per seat", () => {
    expect(parseSeats("invite,builtin:random,invite")).toEqual(["invite", "builtin:random", "invite"])
    expect(
      inviteLines({
        gameId: "g1",
        invites: [
          { seat: 0, token: "brs_a", tokenId: "tok_a" },
          { seat: 2, token: "brs_b", tokenId: "tok_b" },
        ],
      }),
    ).toEqual(['{"seat":0,"token":"brs_a"}', '{"seat":2,"token":"brs_b"}'])
    // With the spectator site: each seat's invite link there, the token in its query.
    expect(
      inviteLines(
        { gameId: "g 1", invites: [{ seat: 1, token: "brs_a+b", tokenId: "tok_a" }] },
        "http://127.0.0.1:3000/",
      ),
    ).toEqual(['{"seat":1,"token":"brs_a+b","link":"http://127.0.0.1:3000/join?game=g+1&token=brs_a%2Bb"}'])
  })

  it("reads me as the token's holder: an organiser's seat is nobody's by name", () => {
    expect(holderOfMe({ kind: "organiser", name: "organiser", tokenId: "tok_1" })).toBeNull()
    expect(holderOfMe({ kind: "bot", name: "mybot", tokenId: "tok_2" })).toBe("bot:mybot")
  })
})
