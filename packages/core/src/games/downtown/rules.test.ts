/**
 * One given/when/then test per sentence of the rule text (../shared/rules/downtown.txt), quoted in the name.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { opens } from "../../kernel/commitment.js"
import { type Match, play, start } from "../../kernel/match.js"
import { downtown } from "./index.js"
import { voteOptions } from "./rules.js"
import type { State } from "./state.js"
import { dials, History, ofType, playAll, votes } from "./testing.js"

const stateOf = (match: Match): State => match.state as State

/** Plays "no" for every lobby declaration still owed. */
const declineLobbies = (match: Match) => {
  const events = []
  for (
    let d = downtown.pending(stateOf(match))[0];
    d?.kind === "lobby";
    d = downtown.pending(stateOf(match))[0]
  ) {
    const r = playAll(match, [[d.seat, { type: "DeclareLobby", use: false }]])
    match = r.match
    events.push(...r.events)
  }
  return { match, events }
}

/** A game at the buying step of round 1: zone 4 (square, next to Housing 2 and Park 1) built as Industry. */
const atDials = (seats = 4) => History.game(seats).drawn(4).built(4, "industry")

describe("Preparation", () => {
  it("'Each player gets: one lobby disc … 15 markers … 30 money'", () => {
    const started = start(downtown, { variant: "standard" }, 4, "prep")
    if (Result.isFailure(started)) throw new Error(started.failure.message)
    const s = stateOf(started.success.match)
    expect(s.money).toEqual([30, 30, 30, 30])
    expect(s.lobby).toEqual([true, true, true, true])
    expect(s.markersOut).toEqual([0, 0, 0, 0])
  })

  it("'Pile the zoning tiles numbered 1-12 … to the left … 13-24 to the right. Take the top three tiles from both piles, shuffle together and turn face up.'", () => {
    for (let i = 0; i < 30; i++) {
      const started = start(downtown, { variant: "standard" }, 4, `piles-${i}`)
      if (Result.isFailure(started)) throw new Error(started.failure.message)
      const [drawn] = ofType(started.success.events, "FirstConstructionsDrawn")
      expect(drawn?.zones.filter((z) => z <= 12)).toHaveLength(3)
      expect(drawn?.zones.filter((z) => z >= 13)).toHaveLength(3)
      const s = stateOf(started.success.match)
      expect(s.piles.west.every((z) => z >= 1 && z <= 12)).toBe(true)
      expect(s.piles.east.every((z) => z >= 13 && z <= 24)).toBe(true)
      expect(s.piles.west.length + s.piles.east.length).toBe(18)
    }
  })

  it("'Place Parks on the 1st three zones, Housing on the 4th, Commerce on the 5th and Industry on the 6th zone.'", () => {
    const started = start(downtown, { variant: "standard" }, 3, "first-constructions")
    if (Result.isFailure(started)) throw new Error(started.failure.message)
    const [drawn] = ofType(started.success.events, "FirstConstructionsDrawn")
    const frames = ofType(started.success.events, "FramePlaced")
    expect(frames.map((f) => f.zone)).toEqual(drawn?.zones)
    expect(frames.map((f) => f.construction)).toEqual([
      "park",
      "park",
      "park",
      "housing",
      "commerce",
      "industry",
    ])
    expect(frames.every((f) => f.cause === "setup")).toBe(true)
  })

  it("'Give the mayor token to the first player.'", () => {
    const started = start(downtown, { variant: "standard" }, 5, "mayor")
    if (Result.isFailure(started)) throw new Error(started.failure.message)
    expect(downtown.pending(stateOf(started.success.match))).toEqual([{ seat: 0, kind: "zoning" }])
  })
})

describe("1. Zoning", () => {
  it("'The mayor draws a zoning tile from either of the two piles and reveals it.'", () => {
    const spec = History.game().given()
    const then = spec.when(0, { type: "DrawZoningTile", pile: "east" })
    const [first] = ofType(then.events, "ZoningTileDrawn")
    expect(first).toMatchObject({ pile: "east", draw: 1, mayor: 0 })
    expect(stateOf(spec.match).piles.east).toContain(first?.zone)
    expect(spec.when(1, { type: "DrawZoningTile", pile: "west" }).violation?.rule).toBe(
      "kernel.not-your-decision",
    )
    const direct = downtown.decide(stateOf(spec.match), 1, { type: "DrawZoningTile", pile: "west" })
    expect(Result.isFailure(direct) && direct.failure.rule).toBe("downtown.turn.not-now")
  })

  it("'If the tile has an odd number, he draws another tile from the other pile.' — and never a third", () => {
    let odd = 0
    let even = 0
    let oddSecond = 0
    for (let i = 0; i < 80; i++) {
      const started = start(downtown, { variant: "standard" }, 4, `zoning-${i}`)
      if (Result.isFailure(started)) throw new Error(started.failure.message)
      const then = playAll(started.success.match, [[0, { type: "DrawZoningTile", pile: "west" }]])
      const draws = ofType(then.events, "ZoningTileDrawn")
      const first = draws[0]
      if (!first) throw new Error("no draw")
      if (first.zone % 2 === 1) {
        odd++
        expect(draws).toHaveLength(2)
        expect(draws[1]).toMatchObject({ pile: "east", draw: 2 })
        if ((draws[1]?.zone ?? 0) % 2 === 1) oddSecond++
      } else {
        even++
        expect(draws).toHaveLength(1)
      }
    }
    expect(odd).toBeGreaterThan(0)
    expect(even).toBeGreaterThan(0)
    expect(oddSecond).toBeGreaterThan(0)
  })
})

describe("2. Voting", () => {
  it("'Each player chooses secretly one voting card.'", () => {
    const spec = History.game().drawn(4).given()
    expect(downtown.pending(stateOf(spec.match))).toEqual(
      [0, 1, 2, 3].map((seat) => ({ seat, kind: "vote" })),
    )
    const then = spec.when(2, { type: "CastVote", construction: "commerce" })
    expect(then.events).toHaveLength(1)
    const [cast] = ofType(then.events, "VoteCast")
    expect(downtown.visibility(cast as never)).toMatchObject({ seats: [2] })
  })

  it("'You cannot vote for a construction that has no suitable (square/rectangular) tiles left.'", () => {
    // Housing on squares 2 (setup), 4, 5 and 7 uses all four square Housing frames.
    const h = History.game()
      .round([[4, "housing"]])
      .round([[5, "housing"]])
      .round([[7, "housing"]])
    const square = new History(h.events[0] as never).push(...(h.events.slice(1) as never[])).drawn(14)
    const spec = square.given()
    expect(spec.when(0, { type: "CastVote", construction: "housing" }).violation?.rule).toBe(
      "downtown.vote.no-frame-left",
    )
    expect(
      downtown.legalCommands(square.state, 0).map((c) => c.type === "CastVote" && c.construction),
    ).toEqual(["industry", "commerce"])
    // A rectangular zone still takes Housing.
    const rect = h.drawn(6).given()
    expect(rect.when(0, { type: "CastVote", construction: "housing" }).violation).toBeNull()
  })

  it("'Each player has once in the game the option to double his vote by placing his lobby disc onto his card'", () => {
    let { match } = playAll(
      History.game().drawn(4).match(),
      votes(["industry", "industry", "commerce", "housing"]),
    )
    const lobby: Array<[number, boolean]> = [
      [0, false],
      [1, true],
      [2, false],
      [3, false],
    ]
    const r = playAll(
      match,
      lobby.map(([seat, use]) => [seat, { type: "DeclareLobby", use }]),
    )
    const [revealed] = ofType(r.events, "VotesRevealed")
    expect(revealed?.votes.find((v) => v.seat === 1)?.weight).toBe(2)
    expect(revealed?.tally).toEqual({ housing: 1, industry: 3, commerce: 1 })
    // Round 1 ends; in round 2 seat 1 is never asked again.
    match = playAll(
      r.match,
      dials([
        [1, 1],
        [1, 1],
        [1, 1],
        [1, 1],
      ]),
    ).match
    match = playAll(match, [[1, { type: "DrawZoningTile", pile: "east" }]]).match
    const asked: number[] = []
    while (stateOf(match).step.kind === "cards") {
      const s = stateOf(match)
      match = playAll(
        match,
        downtown.pending(s).map((d) => [d.seat, downtown.legalCommands(s, d.seat)[0] as never]),
      ).match
      for (
        let d = downtown.pending(stateOf(match))[0];
        d?.kind === "lobby";
        d = downtown.pending(stateOf(match))[0]
      ) {
        asked.push(d.seat)
        match = playAll(match, [[d.seat, { type: "DeclareLobby", use: false }]]).match
      }
      while (stateOf(match).step.kind === "tie")
        match = playAll(match, [
          [stateOf(match).mayor, downtown.legalCommands(stateOf(match), stateOf(match).mayor)[0] as never],
        ]).match
    }
    expect(asked.length).toBeGreaterThan(0)
    expect(asked).not.toContain(1)
    expect(stateOf(match).lobby).toEqual([true, false, true, true])
  })

  it("'The mayor states first whether he will be using a lobby disc. The other players follow in clockwise order.'", () => {
    const h = History.game().mayorPasses().mayorPasses().drawn(4)
    let { match } = playAll(h.match(), votes(["housing", "housing", "commerce", "industry"]))
    const order: number[] = []
    for (
      let d = downtown.pending(stateOf(match))[0];
      d?.kind === "lobby";
      d = downtown.pending(stateOf(match))[0]
    ) {
      order.push(d.seat)
      match = playAll(match, [[d.seat, { type: "DeclareLobby", use: false }]]).match
    }
    expect(order).toEqual([2, 3, 0, 1])
  })

  it("'Reveal the cards simultaneously.'", () => {
    const cast = playAll(
      History.game().drawn(4).match(),
      votes(["housing", "industry", "commerce", "housing"]),
    )
    expect(ofType(cast.events, "VotesRevealed")).toHaveLength(0)
    const declared = declineLobbies(cast.match)
    const [revealed] = ofType(declared.events, "VotesRevealed")
    const commitments = ofType(cast.events, "VoteCast").map((e) => e.commitment)
    expect(revealed?.reveals).toHaveLength(4)
    expect(revealed?.reveals.map((reveal, i) => opens(commitments[i] as never, reveal))).toEqual(
      commitments.map(() => true),
    )
    expect(revealed?.votes.map((v) => v.construction)).toEqual(["housing", "industry", "commerce", "housing"])
  })

  it("'A simple majority wins the vote.'", () => {
    const cast = playAll(
      History.game().drawn(4).match(),
      votes(["housing", "industry", "commerce", "housing"]),
    )
    const { events } = declineLobbies(cast.match)
    expect(ofType(events, "VoteResolved")[0]).toMatchObject({
      construction: "housing",
      decidedBy: "majority",
    })
    expect(ofType(events, "FramePlaced")[0]).toMatchObject({
      zone: 4,
      construction: "housing",
      cause: "vote",
    })
  })

  it("'The mayor breaks all ties.'", () => {
    const cast = playAll(
      History.game().drawn(4).match(),
      votes(["housing", "industry", "industry", "housing"]),
    )
    const { match } = declineLobbies(cast.match)
    expect(downtown.pending(stateOf(match))).toEqual([{ seat: 0, kind: "tie-break" }])
    const broken = playAll(match, [[0, { type: "BreakTie", construction: "industry" }]])
    expect(ofType(broken.events, "VoteResolved")[0]).toMatchObject({
      construction: "industry",
      decidedBy: "mayor",
      tied: ["housing", "industry"],
    })
    expect(ofType(broken.events, "FramePlaced")[0]).toMatchObject({ zone: 4, construction: "industry" })
  })

  it("'Place a tile of the selected construction type on the zone. Markers (if any) on that zone are placed on the tile.'", () => {
    const h = History.game().markers(4, [0, 3]).drawn(4)
    const cast = playAll(h.match(), votes(["commerce", "commerce", "industry", "housing"]))
    const { match } = declineLobbies(cast.match)
    const zone = stateOf(match).zones[3]
    expect(zone?.construction).toBe("commerce")
    expect(zone?.markers).toEqual([0, 3])
  })
})

describe("2. Voting (two zones)", () => {
  it("'If two tiles were revealed, they are individually dealt with.'", () => {
    const h = History.game().drawn(5).drawn(14, 2)
    const cast = playAll(h.match(), votes(["housing", "housing", "industry", "commerce"]))
    const first = declineLobbies(cast.match)
    expect(stateOf(first.match).step).toMatchObject({ kind: "cards", zone: 14 })
    const second = playAll(first.match, votes(["commerce", "commerce", "industry", "commerce"]))
    const rest = declineLobbies(second.match)
    const all = [...cast.events, ...first.events, ...second.events, ...rest.events]
    expect(ofType(all, "VotesRevealed").map((e) => e.zone)).toEqual([5, 14])
    expect(ofType(all, "FramePlaced").map((e) => [e.zone, e.construction])).toEqual([
      [5, "housing"],
      [14, "commerce"],
    ])
    expect(stateOf(rest.match).step.kind).toBe("dials")
  })
})

describe("3. Buying spaces", () => {
  it("'Use your dial to select the zone (constructed or not) you wish to buy space(s) from.'", () => {
    const h = atDials()
    const legal = downtown.legalCommands(h.state, 0)
    expect(legal).toContainEqual({ type: "ChooseZone", zone: 2, spaces: 1 })
    expect(legal).toContainEqual({ type: "ChooseZone", zone: 5, spaces: 3 })
    expect(h.given().when(0, { type: "ChooseZone", zone: 2, spaces: 2 }).violation).toBeNull()
    expect(h.given().when(0, { type: "ChooseZone", zone: 5, spaces: 3 }).violation).toBeNull()
  })

  it("'You may pass by selecting any Park zone.'", () => {
    const { events, match } = playAll(
      atDials().match(),
      dials([
        [24, 3],
        [5, 1],
        [5, 1],
        [6, 2],
      ]),
    )
    expect(ofType(events, "ChoicesRevealed")[0]?.choices[0]).toMatchObject({
      seat: 0,
      zone: 24,
      request: false,
    })
    expect(ofType(events, "SpacesBought").map((e) => e.seat)).toEqual([1, 2, 3])
    expect(ofType(events, "MarkerPlaced").some((e) => e.seat === 0)).toBe(false)
    expect(stateOf(match).money[0]).toBe(30)
  })

  it("'max. 3 spaces in a 3-4 player game and max. 2 spaces in a 5-6 player game'", () => {
    const four = atDials(4)
    expect(four.given().when(0, { type: "ChooseZone", zone: 5, spaces: 3 }).violation).toBeNull()
    expect(four.given().when(0, { type: "ChooseZone", zone: 5, spaces: 4 }).violation?.rule).toBe(
      "downtown.buy.space-cap",
    )
    const three = atDials(3)
    expect(
      Math.max(
        ...downtown.legalCommands(three.state, 0).map((c) => (c.type === "ChooseZone" ? c.spaces : 0)),
      ),
    ).toBe(3)
    for (const seats of [5, 6]) {
      const h = atDials(seats)
      expect(h.given().when(0, { type: "ChooseZone", zone: 5, spaces: 3 }).violation?.rule).toBe(
        "downtown.buy.space-cap",
      )
      expect(
        Math.max(...downtown.legalCommands(h.state, 0).map((c) => (c.type === "ChooseZone" ? c.spaces : 0))),
      ).toBe(2)
    }
  })

  it("'Reveal the dials and voting cards simultaneously.'", () => {
    const chosen = playAll(
      atDials().match(),
      dials([
        [5, 1],
        [6, 2],
        [2, 1],
      ]),
    )
    expect(ofType(chosen.events, "ChoicesRevealed")).toHaveLength(0)
    const last = playAll(chosen.match, [[3, { type: "ChooseZone", zone: 7, spaces: 3 }]])
    const [revealed] = ofType(last.events, "ChoicesRevealed")
    const commitments = [...ofType(chosen.events, "ZoneChosen"), ...ofType(last.events, "ZoneChosen")].map(
      (e) => e.commitment,
    )
    expect(revealed?.reveals.map((reveal, i) => opens(commitments[i] as never, reveal))).toEqual(
      commitments.map(() => true),
    )
    expect(revealed?.choices.map((c) => [c.zone, c.spaces])).toEqual([
      [5, 1],
      [6, 2],
      [2, 1],
      [7, 3],
    ])
  })

  it("'You must pay for all the spaces you wished to buy regardless of how many you actually get.'", () => {
    const { events, match } = playAll(
      atDials().match(),
      dials([
        [5, 3],
        [5, 3],
        [1, 1],
        [1, 1],
      ]),
    )
    expect(ofType(events, "SpacesBought").map((e) => [e.seat, e.spaces, e.cost])).toEqual([
      [0, 3, 9],
      [1, 3, 9],
    ])
    expect(ofType(events, "MarkerPlaced").map((e) => e.seat)).toEqual([0, 1, 0, 1])
    expect(stateOf(match).money.slice(0, 2)).toEqual([21, 21])
  })

  it("'For 1/2/3 spaces, the cost is 3/7/12 (2/5/9) money with (without) a construction on the zone'", () => {
    const built = playAll(
      atDials().match(),
      dials([
        [2, 1],
        [13, 2],
        [15, 3],
        [5, 3],
      ]),
    )
    expect(ofType(built.events, "SpacesBought").map((e) => [e.constructed, e.spaces, e.cost])).toEqual([
      [true, 1, 3],
      [true, 2, 7],
      [true, 3, 12],
      [false, 3, 9],
    ])
    const empty = playAll(
      atDials().match(),
      dials([
        [5, 1],
        [6, 2],
        [7, 1],
        [8, 2],
      ]),
    )
    expect(ofType(empty.events, "SpacesBought").map((e) => e.cost)).toEqual([2, 5, 2, 5])
  })

  it("'Starting with the Mayor, each player places one marker on any free space in their selected zone. Repeat until all possible markers are placed.'", () => {
    const h = History.game().mayorPasses().drawn(4).built(4, "industry")
    const { events, match } = playAll(
      h.match(),
      dials([
        [5, 3],
        [5, 3],
        [5, 3],
        [5, 1],
      ]),
    )
    expect(ofType(events, "MarkerPlaced").map((e) => [e.seat, e.plot])).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
      [0, 3],
    ])
    expect(stateOf(match).zones[4]?.markers).toEqual([1, 2, 3, 0])
  })
})

describe("4. Valuation and income", () => {
  it("'A zone immediately grants a one-time income, when (1) it has a construction and (2) all its spaces are bought.'", () => {
    const h = atDials().markers(2, [0, 0, 1]).markers(5, [1, 1, 1])
    const { events } = playAll(
      h.match(),
      dials([
        [24, 1],
        [1, 1],
        [2, 1],
        [5, 1],
      ]),
    )
    const scored = ofType(events, "ZoneScored")
    expect(scored.map((e) => e.zone)).toEqual([2])
    // Zone 2 (Housing): neighbours 1 (Park), 3 (empty), 4 (Industry): 2 constructions, not desirable.
    expect(scored[0]).toMatchObject({
      construction: "housing",
      baseValue: 2,
      desirable: false,
      spaceValue: 2,
      bonus: 0,
    })
    expect(scored[0]?.owners.map((o) => [o.seat, o.spaces, o.total])).toEqual([
      [0, 2, 4],
      [1, 1, 2],
      [2, 1, 2],
    ])
  })

  it("'Hide the number of the scored construction … and return the four markers to their owners. No further markers can be placed on that zone.'", () => {
    const h = atDials().markers(2, [0, 0, 1])
    const scored = playAll(
      h.match(),
      dials([
        [24, 1],
        [1, 1],
        [2, 1],
        [1, 1],
      ]),
    )
    expect(ofType(scored.events, "ZoneClosed")[0]).toEqual({
      type: "ZoneClosed",
      zone: 2,
      markersReturned: [
        { seat: 0, markers: 2 },
        { seat: 1, markers: 1 },
        { seat: 2, markers: 1 },
      ],
    })
    expect(stateOf(scored.match).markersOut).toEqual([0, 0, 0, 0])
    expect(stateOf(scored.match).zones[1]?.closed).toBe(true)
    const later = History.game().drawn(4).built(4, "industry").markers(2, [0, 0, 1, 2])
    later.push({ type: "ZoneClosed", zone: 2, markersReturned: [] })
    const { events } = playAll(
      later.match(),
      dials([
        [2, 3],
        [1, 1],
        [1, 1],
        [1, 1],
      ]),
    )
    // A request like any other (ruling 6): 'You must pay for all the spaces you wished to buy regardless …'
    expect(ofType(events, "ChoicesRevealed")[0]?.choices[0]?.request).toBe(true)
    expect(ofType(events, "SpacesBought")[0]).toMatchObject({ seat: 0, zone: 2, spaces: 3, cost: 12 })
    expect(ofType(events, "MarkerPlaced")).toHaveLength(0)
  })
})

describe("5. Change of the mayor", () => {
  it("'At the end of the round, pass the mayor token to the next player clockwise.'", () => {
    const h = History.game().mayorPasses().mayorPasses().mayorPasses().drawn(4).built(4, "housing")
    const { events, match } = playAll(
      h.match(),
      dials([
        [1, 1],
        [1, 1],
        [1, 1],
        [1, 1],
      ]),
    )
    expect(ofType(events, "MayorPassed")).toEqual([{ type: "MayorPassed", from: 3, to: 0, round: 5 }])
    expect(downtown.pending(stateOf(match))).toEqual([{ seat: 0, kind: "zoning" }])
  })
})

/** A history where every zone but `last` is built; `last` is then drawn and built. */
const lastRound = (last: number) => {
  const h = History.game()
  for (let zone = 1; zone <= 24; zone++) {
    if (zone === last || h.state.zones[zone - 1]?.construction) continue
    const options = voteOptions(h.state, zone)
    h.round([[zone, options[zone % options.length] as never]])
  }
  return h.drawn(last).built(last, voteOptions(h.state, last)[0] as never)
}

describe("End of the game and winner", () => {
  it("'The game ends when all zones have been constructed. The current round is completed.'", () => {
    const h = lastRound(23)
    expect(h.state.zones.every((z) => z.construction !== null)).toBe(true)
    expect(downtown.outcome(h.state)).toBeNull()
    const { events, match } = playAll(
      h.match(),
      dials([
        [1, 1],
        [1, 1],
        [1, 1],
        [1, 1],
      ]),
    )
    expect(events.map((e) => e.type).slice(-2)).toEqual(["FinalRoundEnded", "GameEnded"])
    expect(ofType(events, "MayorPassed")).toHaveLength(0)
    expect(match.ended).not.toBeNull()
  })

  it("'Constructions with empty spaces at the end of the final round have no value.'", () => {
    const h = lastRound(23).markers(3, [0, 1])
    const { events } = playAll(
      h.match(),
      dials([
        [1, 1],
        [1, 1],
        [1, 1],
        [1, 1],
      ]),
    )
    expect(ofType(events, "ZoneScored")).toHaveLength(0)
    expect(ofType(events, "FinalRoundEnded")[0]?.unfinished).toContain(3)
    expect(ofType(events, "FinalRoundEnded")[0]?.unfinished).not.toContain(1)
  })

  it("'The richest player(s) win.'", () => {
    const h = lastRound(23).markers(3, [2, 2, 2])
    const { match } = playAll(
      h.match(),
      dials([
        [1, 1],
        [1, 1],
        [3, 1],
        [1, 1],
      ]),
    )
    expect(match.ended?.ranks).toEqual([2, 2, 1, 2])
    const tie = playAll(
      lastRound(23).match(),
      dials([
        [1, 1],
        [1, 1],
        [1, 1],
        [1, 1],
      ]),
    )
    expect(tie.match.ended?.ranks).toEqual([1, 1, 1, 1])
    expect(tie.match.ended?.scores).toEqual([30, 30, 30, 30])
  })
})

describe("commands out of turn", () => {
  it("every command is refused outside its step, naming the rule", () => {
    const s = History.game().state
    for (const command of [
      { type: "CastVote", construction: "housing" },
      { type: "DeclareLobby", use: true },
      { type: "BreakTie", construction: "housing" },
      { type: "ChooseConstruction", construction: "housing" },
      { type: "ChooseZone", zone: 5, spaces: 1 },
      { type: "PlayZoningTile", zone: 5 },
    ] as const) {
      const r = downtown.decide(s, 0, command)
      expect(Result.isFailure(r) && r.failure.rule).toBe("downtown.turn.not-now")
    }
    expect(play(History.game().match(), 0, { type: "Nonsense" }).pipe(Result.isFailure)).toBe(true)
  })
})
