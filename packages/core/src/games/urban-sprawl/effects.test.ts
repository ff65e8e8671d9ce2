/**
 * Each effect of the closed vocabulary and each event (rules §7), and the content pack's make-up (design
 * note §5.2–5.3). Effects run from real cards; events through the tasks their cards start.
 */
import { describe, expect, it } from "vitest"
import {
  CONTRACT_EVENTS,
  CONTRACTS,
  card,
  DECKS,
  PERMITS,
  PLANNING_EVENTS,
  RENEWALS,
  VOCATION_SUPPLY,
} from "./data.js"
import { eventTasks } from "./evolve.js"
import { legalCommands } from "./legal.js"
import { owed } from "./pending.js"
import type { State, Task } from "./state.js"
import { act, afterSetup, ofType, type Placed, settle, turnState, withPlayer } from "./testing.js"

const at = (zone: Placed["zone"], owner: number | null, block: number, lots: number[]): Placed => ({
  zone,
  owner,
  block,
  lots,
})
const build = (s: State, id: string, block: number, lots: number[], permits: string[]) =>
  act(
    withPlayer({ ...s, contractBoxes: [id, null, null, null, null] }, 0, { hand: permits, wealth: 40 }),
    0,
    {
      type: "Build",
      card: id,
      block,
      lots,
      permits,
      renewal: null,
    },
  )
const runEvent = (id: string, patch: Parameters<typeof turnState>[0] = {}) => {
  const c = card(id)
  if (c.kind !== "event") throw new Error(id)
  return settle(turnState({ ...patch, tasks: [...eventTasks(c), { k: "discardEvent", card: id }] as Task[] }))
}

describe("contract effects", () => {
  it("gain (Machine Shop: the builder gains 2 wealth)", () => {
    const r = build(turnState(), "T05", 35, [0], ["P37"])
    expect(ofType(r.events, "PurseChanged").find((e) => e.cause === "Machine Shop")?.wealth).toEqual([
      2, 0, 0,
    ])
  })
  it("gainPer self (Row Houses: 1 prestige per residential building the builder owns, itself included)", () => {
    const r = build(
      turnState({ placed: [at("RES", 0, 0, [0]), at("RES", 1, 2, [0])] }),
      "T06",
      35,
      [0, 1],
      ["P12"],
    )
    expect(ofType(r.events, "PurseChanged").find((e) => e.cause === "Row Houses")?.prestige).toEqual([
      2, 0, 0,
    ])
  })
  it("gainPer each (Rail Depot: every player gains 1 wealth per industrial building)", () => {
    const r = build(
      turnState({ placed: [at("IND", 1, 0, [0]), at("IND", 1, 2, [0])] }),
      "C04",
      35,
      [0, 1, 2],
      ["P11"],
    )
    expect(ofType(r.events, "PurseChanged").find((e) => e.cause === "Rail Depot")?.wealth).toEqual([1, 2, 0])
  })
  it("election (City Hall Annex holds the election under the pawn now)", () => {
    const r = build(turnState({ pawn: 2 }), "M09", 35, [0, 1, 2], ["P09"])
    expect(ofType(r.events, "ElectionHeld")[0]).toMatchObject({ office: "PoliceChief", winner: 0 })
  })
  it("takePlanning (Brownstones: a face-up planning card from a box, free; or decline)", () => {
    const s = { ...turnState(), planningBoxes: ["P10", null, "P11", null] }
    const r = build(s, "C10", 35, [0, 1], ["P12"])
    expect(owed(r.state)).toEqual({ seat: 0, kind: "free-planning" })
    expect(legalCommands(r.state, 0)).toEqual([
      { type: "TakeFreePlanning", card: "P10" },
      { type: "TakeFreePlanning", card: "P11" },
      { type: "SkipEffect" },
    ])
    const t = act(r.state, 0, { type: "TakeFreePlanning", card: "P11" })
    expect(t.state.players[0]?.hand).toEqual(["P11"])
    expect(t.state.ap).toBe(5)
  })
  it("swapMarkers (Planning Commission: the builder swaps two south markers, or declines)", () => {
    const r = build(turnState(), "C06", 35, [0, 1], ["P17"])
    expect(owed(r.state)).toEqual({ seat: 0, kind: "swap-markers" })
    expect(legalCommands(r.state, 0)).toHaveLength(16)
  })
})

describe("events", () => {
  const owners = [at("CIV", 0, 0, [0]), at("RES", 1, 1, [0]), at("COM", 2, 2, [0]), at("COM", 2, 3, [0])]
  it("Bond Issue: 2 wealth per civic building", () => {
    expect(ofType(runEvent("E5", { placed: owners }).events, "PurseChanged")[0]?.wealth).toEqual([2, 0, 0])
  })
  it("Land Boom: a wealth payout of the highest wealth value on the board (at half under boomPayouts half, ruling 54)", () => {
    const r = runEvent("E6", { placed: owners })
    expect(ofType(r.events, "PayoutMade")[0]).toMatchObject({
      currency: "wealth",
      value: 6,
      lines: [{ line: "column", index: 3, gains: [0, 0, 6] }],
    })
    const half = runEvent("E6", { placed: owners, options: { ...turnState().options, boomPayouts: "half" } })
    expect(ofType(half.events, "PayoutMade")[0]?.lines[0]?.gains).toEqual([0, 0, 3])
  })
  it("Harvest Fair: 1 wealth per residential building; Stock Market Boom: 2 per commercial", () => {
    expect(ofType(runEvent("TE2", { placed: owners }).events, "PurseChanged")[0]?.wealth).toEqual([0, 1, 0])
    expect(ofType(runEvent("CE2", { placed: owners }).events, "PurseChanged")[0]?.wealth).toEqual([0, 0, 4])
  })
  it("Recession: everyone loses 5 wealth, capped", () => {
    const s = turnState()
    const r = settle(withPlayer({ ...s, tasks: [...eventTasks(card("ME2") as never)] }, 2, { wealth: 4 }))
    expect(ofType(r.events, "PurseChanged")[0]?.wealth).toEqual([-5, -5, -4])
  })
  it("Earthquake: owners of 3+ lot buildings pay 3 prestige or lose one; the Police Chief is immune", () => {
    const placed = [at("COM", 1, 0, [0, 1, 2]), at("IND", 2, 5, [0, 1, 2, 3])]
    const r = runEvent("ME1", {
      placed,
      offices: { Mayor: null, UnionBoss: null, PoliceChief: 2, Treasurer: null, DistrictAttorney: null },
    })
    expect(ofType(r.events, "BuildingLost")).toEqual([{ type: "BuildingLost", seat: 1, building: 0 }])
    expect(r.state.buildings.map((b) => b.id)).toEqual([1])
  })
  it("Fire: the most valuable block holding owned buildings; each owner there pays 4 wealth or loses one", () => {
    const placed = [at("COM", 1, 9, [0]), at("COM", 1, 9, [1]), at("RES", 2, 0, [0])]
    const r = runEvent("TE1", { placed })
    expect(owed(r.state)).toEqual({ seat: 1, kind: "ransom" })
    const lost = act(r.state, 1, { type: "LoseBuilding", building: 1 })
    expect(lost.state.buildings.map((b) => b.id)).toEqual([0, 2])
  })
  it("Sports Team: wealth 10, 11, 12 east, prestige 5 and 6 north, then the Metropolis deck is active", () => {
    let r = runEvent("CK", {
      markers: {
        west: [3, 1, 2],
        north: [4, null, null],
        south: [1, 4, 5, 6, 3, 2],
        east: [7, 8, 9, null, null, null],
      },
    })
    for (const space of [3, 4]) r = act(r.state, 0, { type: "PlaceMarker", space })
    expect(r.state.markers.east).toEqual([7, 8, 9, 10, 11, 12])
    r = act(r.state, 0, { type: "PlaceMarker", space: 1 })
    expect(r.state.markers.north).toEqual([4, 5, 6])
    expect(r.state.decks.metro.active).toBe(true)
    expect(r.state.removed).toContain("CK")
  })
})

describe("the content pack", () => {
  it("planning: 44 Build Permits, 4 Urban Renewal, 6 events; each wealth value 1–12 four times; 16 ballots", () => {
    expect([PERMITS.length, RENEWALS.length, PLANNING_EVENTS.length]).toEqual([44, 4, 6])
    const values = [...PERMITS, ...RENEWALS].map((c) => c.wealth)
    for (let v = 1; v <= 12; v++) expect(values.filter((x) => x === v)).toHaveLength(4)
    expect([...PERMITS, ...RENEWALS].filter((c) => c.ballot)).toHaveLength(16)
  })
  it("each contract deck: 34 contracts, a key event and 10 events (2 of them in every game); zones, sizes and reveal payouts as planned", () => {
    const zones = { town: [8, 9, 8, 8, 1], city: [8, 9, 8, 8, 1], metro: [8, 9, 8, 8, 1] }
    const sizes = { town: [16, 13, 5, 0], city: [4, 13, 12, 5], metro: [2, 9, 11, 12] }
    const reveals = {
      town: [10, 8, 8, 8, 0, 0, 0],
      city: [8, 6, 6, 6, 8, 0, 0],
      metro: [6, 3, 4, 4, 6, 5, 6],
    }
    const effects = { town: 10, city: 14, metro: 18 }
    for (const d of DECKS) {
      const cs = CONTRACTS[d]
      expect(cs).toHaveLength(34)
      expect(CONTRACT_EVENTS[d].filter((e) => e.key)).toHaveLength(1)
      expect(CONTRACT_EVENTS[d]).toHaveLength(11)
      expect(["CIV", "COM", "IND", "RES", "PARK"].map((z) => cs.filter((c) => c.zone === z).length)).toEqual(
        zones[d],
      )
      expect([1, 2, 3, 4].map((n) => cs.filter((c) => c.size === n).length)).toEqual(sizes[d])
      expect([0, 1, 2, 3, 4, 5, 6].map((v) => cs.filter((c) => c.reveal === v).length)).toEqual(reveals[d])
      expect(cs.filter((c) => c.effects.length > 0)).toHaveLength(effects[d])
      for (const c of cs) expect(c.permits).toBe(c.size)
    }
    const names = [...DECKS.flatMap((d) => [...CONTRACTS[d], ...CONTRACT_EVENTS[d]]), ...PLANNING_EVENTS].map(
      (c) => c.name,
    )
    expect(new Set(names).size).toBe(names.length)
    expect(Object.values(VOCATION_SUPPLY).reduce((a, b) => a + b, 0)).toBe(24)
  })
})

describe("option metroHighImpact (design note §5.6: University, Marina, Port, Temple)", () => {
  it("removed: the four cards start out of the game and the Metropolis bottom pile is 4 cards shorter", () => {
    for (const contractMix of ["34+2", "26+10"] as const) {
      const s = afterSetup(3, "hi", { metroHighImpact: "removed", contractMix })
      const contracts = s.removed.filter((id) => card(id).kind === "contract" && card(id).id.startsWith("M"))
      expect(contracts.filter((id) => ["M01", "M02", "M03", "M04"].includes(id))).toEqual([
        "M01",
        "M02",
        "M03",
        "M04",
      ])
      expect(s.decks.metro.segments.map((x) => Object.values(x).reduce((a, b) => a + b, 0))).toEqual([
        15, 7, 11,
      ])
    }
    // The first content pack: only the four are out (and the events the other mix adds).
    const first = afterSetup(3, "hi", { metroHighImpact: "removed", contractMix: "34+2" })
    expect(first.removed.filter((id) => card(id).kind === "contract")).toEqual(["M01", "M02", "M03", "M04"])
  })
  it("halved: a high-impact card's numbers are halved when built (Temple's tribute 4 → 2)", () => {
    const placed = [at("RES", 1, 0, [0])]
    const base = {
      ...turnState({ placed }),
      options: { ...turnState().options, metroHighImpact: "halved" as const },
    }
    const r = build(base, "M04", 30, [0, 1], ["P17"])
    const paid = act(r.state, 1, { type: "PayTribute", inWealth: 1 })
    expect(ofType(paid.events, "TributePaid")[0]).toMatchObject({ wealth: 2, prestige: 0 })
  })
})

describe("Fire stays where it broke out", () => {
  it("when the burning block's buildings are lost, the fire does not move to the next most valuable block", () => {
    // Block 9 (row 1, column 3: 3 + 6 = 9) holds seat 1's building; block 15 (row 2, column 3: 1 + 6 = 7) seat 2's.
    const placed = [at("COM", 1, 9, [0]), at("COM", 2, 15, [0])]
    const r = runEvent("TE1", { placed })
    const lost = act(r.state, 1, { type: "LoseBuilding", building: 0 })
    expect(ofType(r.events, "TargetChosen")[0]).toMatchObject({ block: 9 })
    expect(lost.state.buildings.map((b) => b.id)).toEqual([1])
    expect(lost.state.tasks).toEqual([])
  })
})
