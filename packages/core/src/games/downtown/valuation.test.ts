/** Valuation (rule text 4.2–4.4; rulings 10 and 11): payouts recomputed from a board by hand. */
import { describe, expect, it } from "vitest"
import type { Seat } from "../../kernel/game.js"
import { ZONE_COUNT } from "./board.js"
import type { Construction } from "./data.js"
import type { State, ZoneState } from "./state.js"
import { dials, History, ofType, playAll } from "./testing.js"
import { isDesirable, scoreZone } from "./valuation.js"

/** Zone 5 is a square with neighbours 4, 6, 7 and 8. */
const board = (
  constructions: Readonly<Record<number, Construction>>,
  markers: Readonly<Record<number, ReadonlyArray<Seat>>> = {},
): ZoneState[] =>
  Array.from({ length: ZONE_COUNT }, (_, i) => ({
    zone: i + 1,
    construction: constructions[i + 1] ?? null,
    markers: markers[i + 1] ?? [],
    closed: false,
  }))

const zone5 = (
  type: Construction,
  around: Readonly<Record<number, Construction>>,
  owners: Seat[] = [0, 1, 2, 3],
) => scoreZone(board({ 5: type, ...around }, { 5: owners }), 5, true)

describe("4.2 Desirability", () => {
  it("'Housing is desirable if there is no Industry.'", () => {
    expect(zone5("housing", { 4: "housing", 6: "commerce" }).desirable).toBe(true)
    expect(zone5("housing", { 4: "housing", 6: "industry" }).desirable).toBe(false)
  })

  it("'Industry is desirable if there is at least one Commerce.'", () => {
    expect(zone5("industry", { 4: "commerce" }).desirable).toBe(true)
    expect(zone5("industry", { 4: "housing", 6: "industry", 7: "park" }).desirable).toBe(false)
  })

  it("'Commerce is desirable if there are at least two Housing.'", () => {
    expect(zone5("commerce", { 4: "housing", 8: "housing" }).desirable).toBe(true)
    expect(zone5("commerce", { 4: "housing", 8: "industry" }).desirable).toBe(false)
  })

  it("'Parks are neutral.'", () => {
    expect(isDesirable("housing", ["park", "park", "park", "park"])).toBe(true)
    expect(isDesirable("industry", ["park", "park", "park", "park"])).toBe(false)
    expect(isDesirable("commerce", ["housing", "park", "park", "park"])).toBe(false)
    expect(isDesirable("park", ["housing", "housing", "commerce", "industry"])).toBe(false)
  })
})

describe("4.3 Valuation", () => {
  it("'The base value of each space is the number of adjacent constructions (Parks included). The value is doubled, if the space is in a desirable construction.'", () => {
    const plain = zone5("industry", { 4: "park", 6: "housing", 7: "industry" })
    expect(plain).toMatchObject({ baseValue: 3, desirable: false, spaceValue: 3 })
    const doubled = zone5("industry", { 4: "park", 6: "commerce", 7: "industry", 8: "housing" })
    expect(doubled).toMatchObject({ baseValue: 4, desirable: true, spaceValue: 8 })
    expect(doubled.owners.map((o) => o.value)).toEqual([8, 8, 8, 8])
    expect(doubled.neighbours).toEqual([
      { zone: 4, construction: "park" },
      { zone: 6, construction: "commerce" },
      { zone: 7, construction: "industry" },
      { zone: 8, construction: "housing" },
    ])
  })
})

describe("4.4 Bonus (ruling 10)", () => {
  it("'If only one/two players are present in the construction, he/they get an additional bonus of 5/1 money.'", () => {
    const one = zone5("industry", { 4: "park" }, [2, 2, 2, 2])
    expect(one.owners).toEqual([{ seat: 2, spaces: 4, value: 4, bonus: 5, total: 9 }])
    const two = zone5("industry", { 4: "park" }, [1, 3, 3, 1])
    expect(two.owners.map((o) => [o.seat, o.spaces, o.bonus, o.total])).toEqual([
      [1, 2, 1, 3],
      [3, 2, 1, 3],
    ])
  })

  it("'The bonus is doubled to 10/2 money, if the construction is desirable' — and 3–4 owners get none", () => {
    expect(zone5("housing", { 4: "park" }, [0, 0, 0, 0]).owners[0]).toMatchObject({
      value: 8,
      bonus: 10,
      total: 18,
    })
    expect(zone5("housing", { 4: "park" }, [0, 1, 0, 0]).owners.map((o) => o.bonus)).toEqual([2, 2])
    expect(zone5("housing", { 4: "park" }, [0, 1, 2, 0]).bonus).toBe(0)
    expect(zone5("housing", { 4: "park" }, [0, 1, 2, 3]).bonus).toBe(0)
  })

  it("the 2p variant scores without bonus", () => {
    const z = scoreZone(board({ 5: "housing", 4: "park" }, { 5: [0, 0, 0, 0] }), 5, false)
    expect(z.owners).toEqual([{ seat: 0, spaces: 4, value: 8, bonus: 0, total: 8 }])
  })
})

describe("ruling 11", () => {
  it("'Desirability is evaluated at scoring time and is never re-evaluated later.'", () => {
    // Zone 2 (Housing: 1 Park, 3 empty, 4 Commerce) sells out to seat 0 alone: desirable, 2×2×4 + 10.
    const h = History.game().drawn(4).built(4, "commerce").markers(2, [0, 0, 0])
    const first = playAll(
      h.match(),
      dials([
        [2, 1],
        [24, 1],
        [24, 1],
        [24, 1],
      ]),
    )
    const [scored] = ofType(first.events, "ZoneScored")
    expect(scored).toMatchObject({ zone: 2, desirable: true, spaceValue: 4, bonus: 10 })
    expect(scored?.owners[0]?.total).toBe(26)
    const after = new History(h.events[0] as never)
      .push(...(h.events.slice(1) as never[]), ...first.events.filter((e) => e.type !== "GameEnded"))
      .round([[3, "industry"]])
      .drawn(6)
      .built(6, "industry")
    const later = playAll(
      after.match(),
      dials([
        [24, 1],
        [24, 1],
        [24, 1],
        [24, 1],
      ]),
    )
    expect(ofType(later.events, "ZoneScored")).toHaveLength(0)
    expect((later.match.state as State).money[0]).toBe(30 - 3 + 26)
  })
})
