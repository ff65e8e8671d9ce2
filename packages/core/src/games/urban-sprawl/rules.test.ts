/**
 * The fragment of the rule text (`../shared/rules/urban-sprawl.txt`), sentence by sentence; the rest of the
 * rules (`docs/rules/urban-sprawl.md`) in rulings.test.ts and effects.test.ts.
 */
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { Command } from "./commands.js"
import { card } from "./data.js"
import { decide } from "./decide.js"
import { evolve } from "./evolve.js"
import { urbanSprawl } from "./index.js"
import { legalCommands } from "./legal.js"
import { owed } from "./pending.js"
import { contractSegments, type State } from "./state.js"
import { act, ofType, pileOf, refused, settle, turnState, types, withPlayer } from "./testing.js"

const eot = (s: State) => act(s, s.active, { type: "EndTurn" })
const noPlanningDraws = { planning: pileOf([]), discard: [] as string[] }

describe("The Golden Rule: a card's effect takes precedence over the rules", () => {
  it("'the Warehouse allowing a player to possess two Favors at once'", () => {
    let s = turnState({ contractBoxes: ["T01", "T02", "C01", null, null], ap: 6 })
    s = withPlayer(s, 0, { hand: ["P10", "P20"] })
    expect(
      refused({ ...s, players: s.players.map((p, i) => (i === 0 ? { ...p, favors: ["T04"] } : p)) }, 0, {
        type: "TakeFavor",
        card: "T01",
      }),
    ).toBe("urban-sprawl.favor.limit")
    // P20 = 2 permits civic/industrial: builds the Warehouse (industrial, 2 lots) on an empty corner.
    s = act(s, 0, {
      type: "Build",
      card: "C01",
      block: 35,
      lots: [0, 1],
      permits: ["P20"],
      renewal: null,
    }).state
    expect(s.players[0]?.extraFavor).toBe(true)
    s = act(s, 0, { type: "TakeFavor", card: "T01" }).state
    s = act(s, 0, { type: "TakeFavor", card: "T02" }).state
    expect(s.players[0]?.favors).toEqual(["T01", "T02"])
  })

  it("'the Municipal Court allowing a player to win an election': the office is taken, not elected", () => {
    let s = turnState({ contractBoxes: ["C02", null, null, null, null], pawn: 0 })
    s = withPlayer(s, 0, { hand: ["P09"] }) // 3 civic permits
    s = act(s, 0, {
      type: "Build",
      card: "C02",
      block: 0,
      lots: [0, 1, 2],
      permits: ["P09"],
      renewal: null,
    }).state
    expect(owed(s)).toEqual({ seat: 0, kind: "choose-office" })
    const r = act(s, 0, { type: "ChooseOffice", office: "Treasurer" })
    expect(r.state.offices.Treasurer).toBe(0)
    expect(ofType(r.events, "OfficeTaken")[0]?.prestige).toBe(2)
    expect(r.state.pawn).toBe(0)
  })

  it("the Marina's declared override skips zoning; a residential card without it is refused", () => {
    const placed = [{ zone: "IND" as const, owner: 1, block: 13, lots: [3] }]
    let s = turnState({ placed, contractBoxes: ["M02", "M34", null, null, null] })
    // 4 residential permits: a Metropolis contract of 4 lots needs 4 (permits = size, the default; ruling 55).
    s = withPlayer(s, 0, { hand: ["P07"], wealth: 50 })
    expect(
      refused(s, 0, {
        type: "Build",
        card: "M34",
        block: 14,
        lots: [0, 1, 2, 3],
        permits: ["P07"],
        renewal: null,
      }),
    ).toBe("urban-sprawl.build.zoning")
    expect(
      refused(s, 0, {
        type: "Build",
        card: "M02",
        block: 14,
        lots: [0, 1, 2, 3],
        permits: ["P07"],
        renewal: null,
      }),
    ).toBeNull()
  })
})

describe("Short payments and losses", () => {
  it("'Mandatory: … pays/loses what he can and ignores the remainder' (Luxury Taxes, 3 wealth)", () => {
    let s = turnState({ planningBoxes: ["P10", "P11", "P12", null], planning: pileOf(["E1", "P13"]) })
    s = withPlayer(s, 1, { wealth: 2 })
    const r = eot(s)
    const tax = ofType(r.events, "PurseChanged").find((e) => e.cause === "Luxury Taxes")
    expect(tax?.wealth).toEqual([-3, -2, -3])
    expect(r.state.players[1]?.wealth).toBe(0)
  })

  it("'paying 2 wealth to the Treasurer' is mandatory: a builder with 1 wealth left pays 1", () => {
    let s = turnState({
      contractBoxes: ["T01", null, null, null, null],
      offices: { Mayor: null, UnionBoss: null, PoliceChief: null, Treasurer: 2, DistrictAttorney: null },
    })
    s = withPlayer(s, 0, { hand: ["P09"], wealth: 5 }) // block 0 costs 3 + 1 = 4
    const r = act(s, 0, { type: "Build", card: "T01", block: 0, lots: [0], permits: ["P09"], renewal: null })
    expect(ofType(r.events, "TreasurerPaid")).toEqual([{ type: "TreasurerPaid", seat: 0, to: 2, wealth: 1 }])
    expect(r.state.players[0]?.wealth).toBe(0)
  })

  it("'Optional: … the payment can't be made unless that player possesses at least the full amount' (Estate Auction, 9)", () => {
    let s = turnState({ planningBoxes: ["P10", "P11", "P12", null], planning: pileOf(["E2", "P13"]) })
    s = withPlayer(withPlayer(withPlayer(s, 0, { wealth: 8 }), 1, { wealth: 9 }), 2, { wealth: 3 })
    const r = eot(s)
    expect(owed(r.state)).toEqual({ seat: 1, kind: "bid" })
    const won = act(r.state, 1, { type: "Bid", pay: true })
    expect(won.state.players[1]).toMatchObject({ wealth: 0, prestige: 5 })
  })

  it("'… or 3 Prestige during the Urban Decay event': with 2 prestige the owner cannot pay and loses the building", () => {
    const placed = [{ zone: "RES" as const, owner: 1, block: 12, lots: [0] }]
    let s = turnState({ placed, planningBoxes: ["P10", "P11", "P12", null], planning: pileOf(["E3", "P13"]) })
    s = withPlayer(s, 1, { prestige: 2 })
    const r = eot(s)
    expect(ofType(r.events, "BuildingLost")).toEqual([{ type: "BuildingLost", seat: 1, building: 0 }])
    s = withPlayer(s, 1, { prestige: 3 })
    expect(owed(eot(s).state)).toEqual({ seat: 1, kind: "ransom" })
  })
})

describe("The active player is in control", () => {
  it("'Breaking Ties: … the single most valuable building during the Local Headlines event'", () => {
    const placed = [
      { zone: "COM" as const, owner: 1, block: 9, lots: [0] },
      { zone: "COM" as const, owner: 2, block: 9, lots: [3] },
    ]
    const s = turnState({
      placed,
      planningBoxes: ["P10", "P11", "P12", null],
      planning: pileOf(["E4", "P13"]),
    })
    const r = eot(s)
    expect(owed(r.state)).toEqual({ seat: 0, kind: "pick-building" })
    const done = act(r.state, 0, { type: "PickBuilding", building: 1 })
    expect(ofType(done.events, "HeadlinesAwarded")[0]).toMatchObject({ seat: 2, prestige: 3 })
  })

  it("'… the single least valuable building during Urban Decay if two or more are tied'", () => {
    const placed = [
      { zone: "RES" as const, owner: 1, block: 12, lots: [0] },
      { zone: "RES" as const, owner: 2, block: 12, lots: [1] },
    ]
    const s = turnState({
      placed,
      planningBoxes: ["P10", "P11", "P12", null],
      planning: pileOf(["E3", "P13"]),
    })
    const r = eot(s)
    expect(owed(r.state)).toEqual({ seat: 0, kind: "pick-building" })
    expect(legalCommands(r.state, 0)).toEqual([
      { type: "PickBuilding", building: 0 },
      { type: "PickBuilding", building: 1 },
    ])
  })

  it("'Choosing Player Order: … whether or not to lose a building to Flood, Fire or Earthquake'", () => {
    const placed = [
      { zone: "COM" as const, owner: 1, block: 9, lots: [0] },
      { zone: "COM" as const, owner: 2, block: 9, lots: [3] },
    ]
    const s = turnState({
      placed,
      contractBoxes: [null, "T02", "T03", "T04", "T05"],
      decks: { ...afterDecks(), town: pileOf(["TE1", "T06", "T07"]) },
      ...noPlanningDraws,
    })
    const r = eot(s)
    expect(owed(r.state)).toEqual({ seat: 0, kind: "order" })
    const next = act(r.state, 0, { type: "OrderNext", seat: 2 })
    expect(owed(next.state)).toEqual({ seat: 2, kind: "ransom" })
    const paid = act(next.state, 2, { type: "PayRansom" })
    expect(owed(paid.state)).toEqual({ seat: 1, kind: "ransom" })
  })
})

describe("Public knowledge and personal property", () => {
  it("'planning cards, favor, politicians, Contractor, vocations, wealth on hand, and prestige total are always public'", () => {
    let s = turnState({
      contractor: 1,
      offices: { Mayor: 0, UnionBoss: null, PoliceChief: null, Treasurer: null, DistrictAttorney: null },
    })
    s = withPlayer(s, 0, { hand: ["P01", "U1"], favors: ["T05"], wealth: 17, prestige: 9 })
    for (const viewer of [{ kind: "spectator" as const }, { kind: "seat" as const, seat: 2 }]) {
      const v = urbanSprawl.view(s, viewer)
      expect(v.players[0]).toMatchObject({ hand: ["P01", "U1"], favors: ["T05"], wealth: 17, prestige: 9 })
      expect(v.offices.Mayor).toBe(0)
      expect(v.contractor).toBe(1)
      expect(JSON.stringify(v)).not.toContain(s.seed)
      expect(JSON.stringify(v)).not.toContain(s.rng.base)
    }
  })

  it("'cannot be given away, taken from or traded': there is no command to do it", () => {
    expect(Schema.decodeUnknownResult(Command)({ type: "GiveWealth", to: 1, amount: 3 })._tag).toBe("Failure")
    const s = turnState()
    expect(legalCommands(s, 0).every((c) => !/Trade|Give/.test(c.type))).toBe(true)
  })
})

const afterDecks = () => turnState().decks

describe("Depleted decks", () => {
  it("'If The Town Deck Is Depleted-The 5 AP space no longer refills'", () => {
    const s = turnState({
      contractBoxes: ["T01", "T02", "T03", "T04", null],
      decks: { ...afterDecks(), town: pileOf([]) },
      ...noPlanningDraws,
    })
    expect(eot(s).state.contractBoxes[4]).toBeNull()
  })

  it("'If The City Deck Is Depleted-The 4 AP space once again refills with Town cards'", () => {
    const s = turnState({
      contractBoxes: ["C03", "C04", "C05", null, "T01"],
      decks: {
        town: pileOf(["T02", "T03"], true, "T09"),
        city: pileOf([], true),
        metro: pileOf(["M01"], true, "M05"),
      },
      ...noPlanningDraws,
    })
    const r = eot(s)
    expect(r.state.contractBoxes[3]).toBe("T02")
    expect(r.state.contractBoxes[4]).toBe("T01")
  })

  it("'If Both the Town and City Decks Are Depleted-The 5 AP and 4 AP spaces no longer refill'", () => {
    const s = turnState({
      contractBoxes: ["M03", "M04", "M05", null, null],
      decks: { town: pileOf([], true), city: pileOf([], true), metro: pileOf(["M06", "M07"], true, "M01") },
      ...noPlanningDraws,
    })
    const r = eot(s)
    expect(r.state.contractBoxes.slice(3)).toEqual([null, null])
  })
})

describe("Long and short game variants", () => {
  const keyDepths = (length: "standard" | "long" | "short") => {
    let above = 0
    for (const seg of contractSegments(length)) {
      const n = Object.values(seg).reduce((a, b) => a + b, 0)
      if (seg.key) return [above + 1, above + n]
      above += n
    }
    return []
  }
  it("'Longer Game: … four piles of 9 … the removed event into the next nine … the other two piles atop'", () => {
    expect(keyDepths("long")).toEqual([19, 28])
  })
  it("'Shorter Game: … the first two piles … the removed event into the next nine … the last pile atop'", () => {
    expect(keyDepths("short")).toEqual([10, 19])
  })
  it("standard set-up (design note §2 step 7): 15 on top, the key among the next 7", () => {
    expect(keyDepths("standard")).toEqual([16, 22])
  })
})

describe("End of Turn Procedure", () => {
  const steps = (events: ReadonlyArray<{ type: string }>) =>
    events.flatMap((e) => (e.type === "EndOfTurnStep" ? [(e as unknown as { step: number }).step] : []))

  it("the nine steps run in the order given", () => {
    const r = eot(turnState({ ...noPlanningDraws }))
    expect(steps(r.events)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
  })

  it("1. 'Slide face-up planning cards along the rail line … to fill any boxes that were emptied'", () => {
    const s = turnState({
      planningBoxes: ["P10", null, "P11", null],
      planning: { ...pileOf([]), top: "P12" },
      discard: [],
    })
    const after = evolve(s, { type: "EndOfTurnStep", step: 1 })
    expect(after.planningBoxes).toEqual(["P10", "P11", "P12", null])
    expect(after.planning.top).toBeNull()
  })

  it("2. 'Refill empty planning boxes one at a time … If a revealed card is an event, execute that event then draw again … perform its election and/or wealth payout'", () => {
    const placed = [{ zone: "CIV" as const, owner: 1, block: 4, lots: [0] }]
    const s = turnState({
      placed,
      planningBoxes: ["P10", null, "P11", null],
      planning: pileOf(["E5", "P02", "P03", "P04"]),
      discard: [],
    })
    // Distinct prestige, so the Contractor after the election passes without a tie to break.
    const r = eot(withPlayer(withPlayer(s, 0, { prestige: 1 }), 1, { prestige: 2 }))
    expect(r.state.planningBoxes).toEqual(["P10", "P11", "P02", "P03"])
    const seq = types(r.events).filter((t) =>
      /CardRevealed|PurseChanged|EventDone|ElectionHeld|PayoutMade/.test(t),
    )
    expect(seq.slice(0, 7)).toEqual([
      "CardRevealed",
      "PurseChanged",
      "EventDone",
      "CardRevealed",
      "ElectionHeld",
      "PayoutMade",
      "CardRevealed",
    ])
    expect(ofType(r.events, "ElectionHeld")[0]).toMatchObject({ office: "Mayor", winner: 1, prestige: 2 })
    // P02 pays wealth 3: column 5 (marker 3), where seat 1's civic building stands.
    expect(ofType(r.events, "PayoutMade")[0]).toMatchObject({
      currency: "wealth",
      value: 3,
      lines: [{ line: "column", index: 4, gains: [0, 3, 0] }],
    })
  })

  it("3. 'If face down, flip the top card of the Planning deck face up. If the card is an event, execute that event then reveal the next card'", () => {
    const s = turnState({
      planningBoxes: ["P10", "P11", "P12", "P13"],
      planning: pileOf(["E6", "P05"]),
      discard: [],
    })
    const r = eot(s)
    expect(r.state.planning.top).toBe("P05")
    expect(ofType(r.events, "EventDone")[0]).toMatchObject({ card: "E6", to: "discard" })
  })

  it("4. 'When the Town deck is the only active deck … Town cards will slide along all five contract boxes'", () => {
    const s = turnState({
      contractBoxes: [null, "T01", null, "T02", null],
      decks: { ...afterDecks(), town: pileOf([], true, "T03") },
      ...noPlanningDraws,
    })
    expect(evolve(s, { type: "EndOfTurnStep", step: 4 }).contractBoxes).toEqual([
      "T01",
      "T02",
      "T03",
      null,
      null,
    ])
  })

  it("4. 'When the City deck becomes active, Town cards will be limited to only the 5 AP box'", () => {
    const s = turnState({
      contractBoxes: [null, "T01", null, null, null],
      decks: {
        town: pileOf(["T05"], true, "T03"),
        city: pileOf(["C05"], true, "C01"),
        metro: pileOf(["M01"], false),
      },
      ...noPlanningDraws,
    })
    const after = evolve(s, { type: "EndOfTurnStep", step: 4 })
    expect(after.contractBoxes).toEqual(["T01", "C01", null, null, "T03"])
  })

  it("4. 'When the Metropolis deck becomes active … City cards will now be limited to only the 4 AP box'", () => {
    const s = turnState({
      contractBoxes: [null, null, null, null, "T02"],
      decks: {
        town: pileOf(["T05"], true, "T03"),
        city: pileOf(["C05"], true, "C01"),
        metro: pileOf(["M02"], true, "M01"),
      },
      ...noPlanningDraws,
    })
    const after = evolve(s, { type: "EndOfTurnStep", step: 4 })
    expect(after.contractBoxes).toEqual(["M01", null, null, "C01", "T02"])
  })

  it("5. 'Refill empty contract boxes … from the nearest linked and active deck. If an event is revealed, execute the event and draw again … perform its prestige payout'", () => {
    const placed = [{ zone: "RES" as const, owner: 2, block: 0, lots: [0] }]
    const s = turnState({
      placed,
      contractBoxes: ["T01", "T02", "T03", "T04", null],
      decks: {
        town: pileOf(["TE2", "T13"], true, "T05"),
        city: pileOf(["C01"], false),
        metro: pileOf(["M01"], false),
      },
      ...noPlanningDraws,
    })
    const r = eot(s)
    // Slid: the Town top fills box 5; then box 5 is full, and the Town top is flipped (step 6): Harvest Fair, then T13.
    expect(r.state.contractBoxes[4]).toBe("T05")
    expect(r.state.decks.town.top).toBe("T13")
    expect(ofType(r.events, "EventDone")[0]).toMatchObject({ card: "TE2", to: "removed" })
    // T13's prestige 3 pays the sole owner in row 1 all of it (design note §3.4; the default payouts).
    expect(ofType(r.events, "PayoutMade")[0]).toMatchObject({
      currency: "prestige",
      value: 3,
      lines: [{ index: 0, gains: [0, 0, 3] }, { index: 1 }],
    })
  })

  it("6–8. 'flip the top card of the Town deck … Repeat step 6 for the City deck if it is active … for the Metropolis deck if it is active'", () => {
    const s = turnState({
      contractBoxes: ["C02", "C03", "C04", "C05", "T01"],
      decks: { town: pileOf(["T02"], true), city: pileOf(["C06"], true), metro: pileOf(["M03"], false) },
      ...noPlanningDraws,
    })
    const r = eot(s)
    expect([r.state.decks.town.top, r.state.decks.city.top, r.state.decks.metro.top]).toEqual([
      "T02",
      "C06",
      null,
    ])
  })

  it("9. 'Pass the Active Player tile clockwise to the next player, who then begins his turn'", () => {
    const r = eot(turnState({ active: 2, ...noPlanningDraws }))
    expect(ofType(r.events, "TurnStarted")[0]).toMatchObject({ seat: 0, round: 2 })
    expect(owed(r.state)).toEqual({ seat: 0, kind: "action" })
  })

  it("'Once the active player has spent his allotted APs … or chooses not to spend any more - his turn ends'", () => {
    const s = turnState({ ap: 0, ...noPlanningDraws })
    expect(legalCommands(s, 0).some((c) => c.type === "EndTurn")).toBe(true)
    expect(decide(s, 1, { type: "EndTurn" })._tag).toBe("Failure")
    expect(settle(s).events).toEqual([])
    expect(card("T01").kind).toBe("contract")
  })
})
