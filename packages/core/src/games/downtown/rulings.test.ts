/**
 * One test per ruling of the design note (§1.5, numbered 1–12) and of docs/rulings/downtown.md (13 on).
 * Test names start with the ruling number; docs/rulings/downtown.md names each test.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import type { Match } from "../../kernel/match.js"
import { downtown } from "./index.js"
import { nextConstructionStep, voteOptions } from "./rules.js"
import type { State } from "./state.js"
import { dials, History, ofType, playAll, votes } from "./testing.js"

const stateOf = (match: Match): State => match.state as State

/** Builds every zone of `zones` (not yet built) in its own round, with the first type still possible. */
const buildAll = (h: History, zones: ReadonlyArray<number>): History => {
  for (const zone of zones)
    if (!h.state.zones[zone - 1]?.construction) h.round([[zone, voteOptions(h.state, zone)[0] as never]])
  return h
}

const eastZones = Array.from({ length: 12 }, (_, i) => i + 13)
const westZones = Array.from({ length: 12 }, (_, i) => i + 1)

/** Folds events into a state (what the kernel does with the events `advance` returns). */
const fold = (state: State, events: ReadonlyArray<unknown>): State =>
  (events as never[]).reduce((s, e) => downtown.evolve(s, e), state)

/** A match on a hand-made state (for situations the decided box cannot reach). */
const matchOf = (state: State, events: number): Match => ({
  game: downtown,
  state,
  seed: state.seed,
  ended: null,
  events,
})

describe("design note rulings", () => {
  it("1a. first tile odd and the other pile empty: the second tile comes from the same pile", () => {
    const h = buildAll(History.game(), eastZones).drawn(5)
    expect(h.state.piles.east).toEqual([])
    expect(h.state.step).toEqual({ kind: "second-draw", pile: "west" })
    const [second] = downtown.advance(h.state)
    expect(second).toMatchObject({ type: "ZoningTileDrawn", pile: "west", draw: 2 })
    expect(h.state.piles.west).toContain((second as { zone: number }).zone)
  })

  it("1b. first tile odd and both piles empty: no second zone", () => {
    const h = buildAll(
      buildAll(History.game(), eastZones),
      westZones.filter((z) => z !== 5),
    )
    const then = h.given().when(h.state.mayor, { type: "DrawZoningTile", pile: "west" })
    expect(ofType(then.events, "ZoningTileDrawn").map((e) => e.zone)).toEqual([5])
    expect(stateOf(then.match).drawn).toEqual([5])
  })

  it("1c. second tile odd: no third draw", () => {
    const h = History.game().drawn(5).drawn(17, 2)
    expect(h.state.step).toMatchObject({ kind: "cards", zone: 5 })
    expect(h.state.queue).toEqual([5, 17])
  })

  it("2. two zones are voted separately in draw order, each frame placed before the next vote; one lobby disc for both", () => {
    // Housing on squares 2 (setup), 4 and 7: one square Housing frame is left.
    const h = History.game()
      .round([[4, "housing"]])
      .round([[7, "housing"]])
      .drawn(5)
      .drawn(14, 2)
    expect(h.state.step).toMatchObject({ kind: "cards", zone: 5 })
    let { match } = playAll(h.match(), votes(["housing", "housing", "industry", "commerce"]))
    const mayor = stateOf(match).mayor
    const first = playAll(
      match,
      [0, 1, 2, 3].map((i) => [(mayor + i) % 4, { type: "DeclareLobby", use: (mayor + i) % 4 === 1 }]),
    )
    expect(ofType(first.events, "FramePlaced")).toEqual([
      { type: "FramePlaced", zone: 5, construction: "housing", shape: "square", cause: "vote" },
    ])
    match = first.match
    // The last square Housing frame went to zone 5, so zone 14 (square) cannot take Housing.
    expect(stateOf(match).step).toMatchObject({ kind: "cards", zone: 14, options: ["industry", "commerce"] })
    match = playAll(match, votes(["industry", "industry", "commerce", "commerce"])).match
    const asked: number[] = []
    for (
      let d = downtown.pending(stateOf(match))[0];
      d?.kind === "lobby";
      d = downtown.pending(stateOf(match))[0]
    ) {
      asked.push(d.seat)
      match = playAll(match, [[d.seat, { type: "DeclareLobby", use: false }]]).match
    }
    expect(asked).not.toContain(1)
  })

  it("3. no type fits: a park of the zone's shape if one is left (closing the zone, markers returned unpaid), else the zone stays unconstructed and does not block the end", () => {
    // Unreachable with the decided box (12 H/I/C frames of each shape for 12 zones of each shape): the
    // frames are emptied by hand.
    const h = History.game().markers(4, [1, 2, 2]).drawn(4)
    const empty = { square: 0, rectangle: 4 }
    const noFrames = { ...h.state.frames, housing: empty, industry: empty, commerce: empty }
    const patched = {
      ...h.state,
      frames: noFrames,
      step: nextConstructionStep({ ...h.state, frames: noFrames }, [4]),
    }
    expect(patched.step).toEqual({ kind: "no-vote", zone: 4, options: [] })
    expect(downtown.pending(patched)).toEqual([])
    const park = downtown.advance(patched)
    expect(park).toEqual([
      { type: "FramePlaced", zone: 4, construction: "park", shape: "square", cause: "park-fallback" },
      {
        type: "ZoneClosed",
        zone: 4,
        markersReturned: [
          { seat: 1, markers: 1 },
          { seat: 2, markers: 2 },
        ],
      },
    ])
    const parked = fold(patched, park)
    expect(parked.zones[3]).toMatchObject({ construction: "park", closed: true })
    expect(parked.markersOut).toEqual([0, 0, 0, 0])
    expect(parked.step.kind).toBe("dials")

    const none = { ...patched, frames: { ...noFrames, park: { square: 0, rectangle: 3 } } }
    const left = downtown.advance(none)
    expect(left).toEqual([{ type: "ZoneLeftUnconstructed", zone: 4, shape: "square" }])
    expect(fold(none, left).zones[3]?.construction).toBeNull()

    // The last tile left unconstructed: the round still ends the game.
    const last = buildAll(
      buildAll(History.game(), eastZones),
      westZones.filter((z) => z !== 4),
    ).drawn(4)
    const bare = { ...last.state, frames: { ...noFrames, park: { square: 0, rectangle: 3 } } }
    const final = fold(bare, downtown.advance({ ...bare, step: nextConstructionStep(bare, [4]) }))
    const { events } = playAll(
      matchOf(final, last.events.length + 1),
      dials([
        [1, 1],
        [1, 1],
        [1, 1],
        [1, 1],
      ]),
    )
    expect(events.map((e) => e.type).slice(-2)).toEqual(["FinalRoundEnded", "GameEnded"])
  })

  it("4. a tie: the mayor picks among the tied types only, whether or not he used his lobby disc", () => {
    const cast = playAll(
      History.game().drawn(4).match(),
      votes(["housing", "industry", "industry", "commerce"]),
    )
    const declared = playAll(cast.match, [
      [0, { type: "DeclareLobby", use: true }],
      [1, { type: "DeclareLobby", use: false }],
      [2, { type: "DeclareLobby", use: false }],
      [3, { type: "DeclareLobby", use: false }],
    ])
    expect(ofType(declared.events, "VotesRevealed")[0]?.tally).toEqual({
      housing: 2,
      industry: 2,
      commerce: 1,
    })
    const s = stateOf(declared.match)
    expect(downtown.legalCommands(s, 0)).toEqual([
      { type: "BreakTie", construction: "housing" },
      { type: "BreakTie", construction: "industry" },
    ])
    const refused = downtown.decide(s, 0, { type: "BreakTie", construction: "commerce" })
    expect(Result.isFailure(refused) && refused.failure.rule).toBe("downtown.vote.tie-not-tied")
  })

  it("5. the lobby declaration is binding and made before the reveal, after every card is chosen; a doubled vote counts 2", () => {
    const h = History.game().drawn(4)
    const partial = playAll(h.match(), votes(["housing", "industry", "industry"]))
    // Nobody declares while a card is still missing.
    expect(downtown.pending(stateOf(partial.match))).toEqual([{ seat: 3, kind: "vote" }])
    const cast = playAll(partial.match, [[3, { type: "CastVote", construction: "commerce" }]])
    const declared = playAll(cast.match, [[0, { type: "DeclareLobby", use: true }]])
    const s = stateOf(declared.match)
    expect(ofType(declared.events, "VotesRevealed")).toHaveLength(0)
    expect(s.lobby[0]).toBe(false)
    expect(downtown.legalCommands(s, 0)).toEqual([])
    const again = downtown.decide(s, 0, { type: "CastVote", construction: "industry" })
    expect(Result.isFailure(again) && again.failure.rule).toBe("downtown.turn.not-now")
    const rest = playAll(declared.match, [
      [1, { type: "DeclareLobby", use: false }],
      [2, { type: "DeclareLobby", use: false }],
      [3, { type: "DeclareLobby", use: false }],
    ])
    const [revealed] = ofType(rest.events, "VotesRevealed")
    expect(revealed?.votes[0]).toEqual({ seat: 0, construction: "housing", weight: 2 })
    expect(revealed?.tally).toEqual({ housing: 2, industry: 2, commerce: 1 })
  })

  /** Zone 5 full (unframed), zone 2 closed (industry): seats 0 and 1 choose them, seat 2 a park, seat 3 zone 6. */
  const deadZones = (h: History) => {
    h.drawn(4).built(4, "industry").markers(5, [0, 1, 2, 3]).markers(2, [1, 1, 1, 1])
    h.push({ type: "ZoneClosed", zone: 2, markersReturned: [{ seat: 1, markers: 4 }] })
    return playAll(
      h.match(),
      dials([
        [5, 3],
        [2, 2],
        [1, 1],
        [6, 1],
      ]),
    )
  }

  it("6. 'You must pay for all the spaces you wished to buy regardless of how many you actually get': a closed or full zone is paid for and gets nothing; only a park is a pass", () => {
    const { events, match } = deadZones(History.game())
    expect(ofType(events, "ChoicesRevealed")[0]?.choices.map((c) => c.request)).toEqual([
      true,
      true,
      false,
      true,
    ])
    // 3 unframed spaces cost 9, 2 framed 7, 1 unframed 2 (3.2); zone 1 is a park.
    expect(ofType(events, "SpacesBought").map((e) => [e.seat, e.cost])).toEqual([
      [0, 9],
      [1, 7],
      [3, 2],
    ])
    expect(ofType(events, "MarkerPlaced").map((e) => [e.seat, e.zone])).toEqual([[3, 6]])
    expect(stateOf(match).money).toEqual([21, 23, 30, 28])
  })

  it("26. option fullZoneChoice pass, or a game recorded under rules version 1 without it: a closed or full zone is a pass, like a park (ruling 6 as first built)", () => {
    for (const [options, rulesVersion] of [
      [{ variant: "standard", fullZoneChoice: "pass" }, downtown.rulesVersion],
      [{ variant: "standard" }, 1],
    ] as const) {
      const { events, match } = deadZones(History.game(4, options, undefined, rulesVersion))
      expect(ofType(events, "ChoicesRevealed")[0]?.choices.map((c) => c.request)).toEqual([
        false,
        false,
        false,
        true,
      ])
      expect(ofType(events, "SpacesBought").map((e) => e.seat)).toEqual([3])
      expect(stateOf(match).money).toEqual([30, 30, 30, 28])
    }
  })

  it("7. a request may not exceed the player's money, the markers in his supply, or the cap", () => {
    const h = History.game().drawn(4).built(4, "industry")
    h.push({ type: "SpacesBought", seat: 0, zone: 6, spaces: 3, cost: 25, constructed: false })
    h.markers(6, [1, 1, 1])
      .markers(7, [1, 1, 1])
      .markers(8, [1, 1, 1])
      .markers(9, [1, 1, 1])
      .markers(10, [1, 1])
    expect(h.state.money[0]).toBe(5)
    expect(h.state.markersOut[1]).toBe(14)
    const legal0 = downtown.legalCommands(h.state, 0).filter((c) => c.type === "ChooseZone")
    expect(legal0.filter((c) => c.zone === 2).map((c) => c.spaces)).toEqual([1])
    expect(legal0.filter((c) => c.zone === 5).map((c) => c.spaces)).toEqual([1, 2])
    const refused = h.given().when(0, { type: "ChooseZone", zone: 2, spaces: 2 })
    expect(refused.violation?.rule).toBe("downtown.buy.over-limit")
    const legal1 = downtown.legalCommands(h.state, 1).filter((c) => c.type === "ChooseZone" && c.zone === 5)
    expect(legal1.map((c) => c.type === "ChooseZone" && c.spaces)).toEqual([1])
  })

  it("8. placement goes from the mayor clockwise among players who chose the same zone; unfilled requests are paid", () => {
    const { events } = playAll(
      History.game().drawn(4).built(4, "industry").match(),
      dials([
        [5, 3],
        [6, 3],
        [5, 2],
        [1, 1],
      ]),
    )
    expect(ofType(events, "MarkerPlaced").map((e) => [e.seat, e.zone])).toEqual([
      [0, 5],
      [1, 6],
      [2, 5],
      [0, 5],
      [1, 6],
      [2, 5],
      [1, 6],
    ])
    expect(ofType(events, "SpacesBought").map((e) => [e.seat, e.cost])).toEqual([
      [0, 9],
      [1, 9],
      [2, 5],
    ])
  })

  it("9. a zone sold out before its frame scores when the frame is placed; scoring runs in ascending zone number", () => {
    const h = History.game().markers(6, [0, 1, 2, 3]).markers(2, [3, 3, 3]).drawn(6).built(6, "commerce")
    const { events } = playAll(
      h.match(),
      dials([
        [1, 1],
        [1, 1],
        [1, 1],
        [2, 1],
      ]),
    )
    expect(ofType(events, "ZoneScored").map((e) => e.zone)).toEqual([2, 6])
  })

  it("12. the game ends once all 24 zones are constructed, after that round's buying and scoring", () => {
    const h = buildAll(
      buildAll(History.game(), eastZones),
      westZones.filter((z) => z !== 10),
    )
      .markers(3, [0, 0, 0])
      .drawn(10)
      .built(10, "housing")
    const { events, match } = playAll(
      h.match(),
      dials([
        [3, 1],
        [1, 1],
        [1, 1],
        [1, 1],
      ]),
    )
    expect(events.map((e) => e.type)).toEqual([
      "ZoneChosen",
      "ZoneChosen",
      "ZoneChosen",
      "ZoneChosen",
      "ChoicesRevealed",
      "SpacesBought",
      "MarkerPlaced",
      "ZoneScored",
      "ZoneClosed",
      "FinalRoundEnded",
      "GameEnded",
    ])
    expect(match.ended?.ranks).toEqual([1, 2, 2, 2])
  })
})

describe("new rulings (docs/rulings/downtown.md)", () => {
  it("13. when only one type still fits the zone, it is placed without a vote and no lobby disc is spent", () => {
    // Square Housing: 2, 4, 5, 7; square Industry: 11, 18, 21, 23 — zone 14 (square) can only take Commerce.
    const h = History.game()
    for (const [zone, type] of [
      [4, "housing"],
      [5, "housing"],
      [7, "housing"],
      [11, "industry"],
      [18, "industry"],
      [21, "industry"],
      [23, "industry"],
    ] as const)
      h.round([[zone, type]])
    h.drawn(14)
    expect(h.state.step).toEqual({ kind: "no-vote", zone: 14, options: ["commerce"] })
    const auto = downtown.advance(h.state)
    expect(auto[0]).toMatchObject({
      type: "VoteResolved",
      zone: 14,
      construction: "commerce",
      decidedBy: "only-choice",
    })
    expect(auto[1]).toMatchObject({ type: "FramePlaced", zone: 14, construction: "commerce" })
    const after = fold(h.state, auto)
    expect(after.step.kind).toBe("dials")
    expect(after.lobby).toEqual([true, true, true, true])
  })

  it("14. a marker takes the zone's lowest free space (which space has no effect on scoring)", () => {
    const h = History.game().drawn(4).built(4, "industry").markers(5, [3])
    const { events } = playAll(
      h.match(),
      dials([
        [5, 2],
        [1, 1],
        [1, 1],
        [1, 1],
      ]),
    )
    expect(ofType(events, "MarkerPlaced").map((e) => e.plot)).toEqual([1, 2])
  })

  it("15. the count card of a pass is ignored: any count is legal on a park, even with no money; a closed zone's count is limited like any request's", () => {
    const h = History.game().drawn(4).built(4, "industry").markers(2, [1, 1, 1, 1])
    h.push({ type: "ZoneClosed", zone: 2, markersReturned: [{ seat: 1, markers: 4 }] })
    h.push({ type: "SpacesBought", seat: 0, zone: 6, spaces: 3, cost: 25, constructed: false })
    expect(h.state.money[0]).toBe(5)
    const legal = downtown.legalCommands(h.state, 0)
    for (const zone of [1, 12, 24])
      for (const spaces of [1, 2, 3]) expect(legal).toContainEqual({ type: "ChooseZone", zone, spaces })
    // 5 money: one framed space (3), not two (7).
    expect(legal).toContainEqual({ type: "ChooseZone", zone: 2, spaces: 1 })
    expect(legal).not.toContainEqual({ type: "ChooseZone", zone: 2, spaces: 2 })
  })

  it("16. a clock timeout plays the mildest choice: no lobby, a pass when buying, the first card or pile otherwise", () => {
    const h = History.game().drawn(4)
    expect(downtown.defaultCommand(h.state, 2)).toEqual({ type: "CastVote", construction: "housing" })
    const dialsAt = History.game().drawn(4).built(4, "industry")
    expect(downtown.defaultCommand(dialsAt.state, 1)).toEqual({ type: "ChooseZone", zone: 1, spaces: 1 })
    expect(downtown.defaultCommand(History.game().state, 0)).toEqual({ type: "DrawZoningTile", pile: "west" })
    const cast = playAll(h.match(), votes(["housing", "industry", "industry", "commerce"]))
    expect(downtown.defaultCommand(stateOf(cast.match), 0)).toEqual({ type: "DeclareLobby", use: false })
  })
})
