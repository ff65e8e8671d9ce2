/** The published two-player variant (design note, "Two-player variant"), option `variant: "2p-official"`. */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { type Match, seatRange, start } from "../../kernel/match.js"
import { simulate } from "../../kernel/simulate.js"
import { downtown, heuristicBot, randomBot } from "./index.js"
import { SEATS } from "./options.js"
import type { State } from "./state.js"
import { History, ofType, playAll } from "./testing.js"

const stateOf = (match: Match): State => match.state as State

/** A 2p game after setup with hands dealt by hand: seat 0 holds the west tiles, seat 1 the east ones. */
const twoPlayer = () =>
  History.game(2, "2p-official").push({
    type: "ZoningTilesDealt",
    hands: [
      [3, 4, 5, 6, 7, 8, 9, 10, 11],
      [14, 16, 17, 18, 19, 20, 21, 22, 23],
    ],
  })

describe("two-player variant", () => {
  it("is an option for exactly two seats; the standard game is for 3–6", () => {
    expect(Result.isSuccess(start(downtown, { variant: "2p-official" }, 2, "x"))).toBe(true)
    const three = start(downtown, { variant: "2p-official" }, 3, "x")
    expect(Result.isFailure(three) && three.failure.rule).toBe("downtown.setup.seats")
    const two = start(downtown, { variant: "standard" }, 2, "x")
    expect(Result.isFailure(two) && two.failure.rule).toBe("downtown.setup.seats")
    expect(downtown.defaultOptions).toEqual({ variant: "standard" })
  })

  it("21. the seat counts are declared once (SEATS): the game's range spans them, seatRange reads them per variant", () => {
    expect(SEATS).toEqual({ standard: { min: 3, max: 6 }, "2p-official": { min: 2, max: 2 } })
    expect(downtown.seats).toEqual({ min: 2, max: 6 })
    expect(seatRange(downtown)).toEqual(SEATS.standard)
    expect(seatRange(downtown, { variant: "2p-official" })).toEqual(SEATS["2p-official"])
  })

  it("'the 18 remaining zoning tiles are dealt 9 each, face up'; no lobby, no money", () => {
    const started = start(downtown, { variant: "2p-official" }, 2, "deal")
    if (Result.isFailure(started)) throw new Error(started.failure.message)
    const [dealt] = ofType(started.success.events, "ZoningTilesDealt")
    const [first] = ofType(started.success.events, "FirstConstructionsDrawn")
    const all = [...(dealt?.hands[0] ?? []), ...(dealt?.hands[1] ?? []), ...(first?.zones ?? [])]
    expect(dealt?.hands.map((h) => h.length)).toEqual([9, 9])
    expect(new Set(all).size).toBe(24)
    const s = stateOf(started.success.match)
    expect(s.lobby).toEqual([false, false])
    expect(s.money).toEqual([0, 0])
    expect(downtown.view(s, { kind: "seat", seat: 1 }).hands).toEqual(dealt?.hands)
  })

  it("'The mayor plays one of his own zoning tiles; odd or even does not matter.' 'the other player chooses'", () => {
    const spec = twoPlayer().given()
    expect(spec.when(0, { type: "PlayZoningTile", zone: 14 }).violation?.rule).toBe(
      "downtown.zoning.not-in-hand",
    )
    expect(spec.when(0, { type: "DrawZoningTile", pile: "west" }).violation?.rule).toBe(
      "downtown.turn.not-now",
    )
    const then = spec.when(0, { type: "PlayZoningTile", zone: 5 })
    expect(then.events.map((e) => e.type)).toEqual(["ZoningTilePlayed"])
    expect(downtown.pending(stateOf(then.match))).toEqual([{ seat: 1, kind: "construction" }])
    const chosen = playAll(then.match, [[1, { type: "ChooseConstruction", construction: "commerce" }]])
    expect(chosen.events).toEqual([
      { type: "ConstructionChosen", seat: 1, zone: 5, construction: "commerce" },
      { type: "FramePlaced", zone: 5, construction: "commerce", shape: "square", cause: "choice" },
    ])
  })

  it("nothing is paid; framed zones take framed markers, unframed zones the other colour; used up even when unfilled; never returned; no bonus", () => {
    const h = twoPlayer().markers(2, [0, 0])
    const played = playAll(h.match(), [
      [0, { type: "PlayZoningTile", zone: 4 }],
      [1, { type: "ChooseConstruction", construction: "industry" }],
    ])
    const bought = playAll(played.match, [
      [0, { type: "ChooseZone", zone: 2, spaces: 3 }],
      [1, { type: "ChooseZone", zone: 6, spaces: 3 }],
    ])
    expect(ofType(bought.events, "SpacesBought").map((e) => e.cost)).toEqual([0, 0])
    const s = stateOf(bought.match)
    expect(s.framedLeft).toEqual([12, 15])
    expect(s.unframedLeft).toEqual([15, 12])
    const [scored] = ofType(bought.events, "ZoneScored")
    expect(scored).toMatchObject({ zone: 2, bonus: 0 })
    expect(ofType(bought.events, "ZoneClosed")[0]?.markersReturned).toEqual([])
    expect(s.points[0]).toBe(scored?.owners[0]?.total)
    expect(ofType(bought.events, "MayorPassed")[0]).toMatchObject({ from: 0, to: 1 })
  })

  it("a request is limited by the markers of the matching colour", () => {
    const h = twoPlayer()
    h.push({ type: "SpacesBought", seat: 0, zone: 6, spaces: 14, cost: 0, constructed: false })
    h.drawn(4)
    const s = { ...h.state, step: { kind: "dials" } as const, queue: [] }
    const legal = downtown.legalCommands(s, 0)
    expect(legal.filter((c) => c.type === "ChooseZone" && c.zone === 6).length).toBe(1)
    expect(legal.filter((c) => c.type === "ChooseZone" && c.zone === 2).length).toBe(3)
  })

  it("a whole game ends with every tile played, the mayor alternating, the highest total value winning", () => {
    for (let i = 0; i < 20; i++) {
      const sim = simulate(downtown, { variant: "2p-official" }, [heuristicBot, randomBot], `2p-${i}`)
      const s = stateOf(sim.match)
      expect(s.hands).toEqual([[], []])
      expect(s.zones.every((z) => z.construction !== null)).toBe(true)
      expect(sim.match.ended?.scores).toEqual(s.points)
      const mayors = ofType(sim.events, "ZoningTilePlayed").map((e) => e.mayor)
      expect(mayors).toEqual(mayors.map((_, r) => r % 2))
    }
  })
})
