/**
 * One test per icon (rule text, "Explanation of Symbols"): every income and prestige expression computed on
 * a constructed street, and the flags and requirements that change what is counted or where a card goes.
 * Streets are built from loose projects (any icons, not only the printed cards).
 */
import { describe, expect, it } from "vitest"
import type { Project } from "./card.js"
import { CARDS } from "./cards.js"
import { compileLoose } from "./projects.js"
import { EMPTY_SITE, fits, type Placed, type Site, type Street, streetValue } from "./street.js"
import {
  INCOME_ICONS,
  type IncomeIcon,
  PRESTIGE_ICONS,
  type PrestigeIcon,
  type ProjectType,
  type Requirement,
} from "./vocabulary.js"

interface Spec {
  type?: ProjectType
  income?: IncomeIcon
  prestige?: PrestigeIcon
  double?: boolean
  roof?: boolean
  gift?: boolean
  requirement?: Requirement
  noGifts?: boolean
}
const P = (spec: Spec = {}): Project => ({
  name: "test",
  type: spec.type ?? "service",
  double: spec.double ?? false,
  roof: spec.roof ?? false,
  gift: spec.gift ?? false,
  requirement: spec.requirement ?? "none",
  noGifts: spec.noGifts ?? false,
  income: spec.income ?? "none",
  prestige: spec.prestige ?? "none",
})

/** A street of five sites from lists of projects (ground floor first); gifts are placed by seat 1. */
const street = (...sites: Project[][]) => {
  const projects: Project[] = []
  const built: Street = [0, 1, 2, 3, 4].map((i): Site => {
    const cards = (sites[i] ?? []).map((p): Placed => {
      projects.push(p)
      return { card: projects.length - 1, face: 0, project: 0, by: p.gift ? 1 : 0 }
    })
    return { cards, roofed: cards.some((c) => projects[c.card]?.roof), noGifts: false }
  })
  const compiled = projects.map(compileLoose)
  return streetValue(built, (p) => compiled[p.card] as ReturnType<typeof compileLoose>)
}
const income = (...sites: Project[][]) => street(...sites).income
const prestige = (...sites: Project[][]) => street(...sites).prestige

const office = (spec: Spec = {}) => P({ type: "office", ...spec })
const apartment = (spec: Spec = {}) => P({ type: "apartment", ...spec })
const store = (spec: Spec = {}) => P({ type: "store", ...spec })
const coffee = (spec: Spec = {}) => P({ type: "coffee", ...spec })
const hotel = (spec: Spec = {}) => P({ type: "hotel", ...spec })
const service = (spec: Spec = {}) => P({ type: "service", ...spec })

describe("income icons (rule text, 'Income')", () => {
  for (const [icon, amount] of [
    ["$+1", 1],
    ["$+2", 2],
    ["$+3", 3],
    ["$+4", 4],
    ["$-1", -1],
    ["$-2", -2],
  ] as const)
    it(`'$1, $2, $3, $4, -$1, -$2 … you gain or lose the indicated number of upcoins': ${icon}`, () => {
      expect(income([P({ income: icon })])).toBe(amount)
      // wherever it stands: on an upper floor of another site, next to other cards
      expect(income([office(), office()], [service(), P({ income: icon })])).toBe(amount)
    })

  it("'$1 per floor below … you gain $1 for each floor below this card': $+1/floor-below", () => {
    const card = P({ income: "$+1/floor-below" })
    expect(income([card])).toBe(0)
    expect(income([office(), card])).toBe(1)
    expect(income([office(), hotel(), apartment({ double: true }), card])).toBe(3) // a double is one floor
    expect(income([card, office(), office()])).toBe(0) // floors above do not count
  })

  it("'(and -$1 per floor below)': $-1/floor-below", () => {
    const card = P({ income: "$-1/floor-below" })
    expect(income([card])).toBe(0)
    expect(income([office(), office(), card])).toBe(-2)
  })

  it("'$1 per project of the indicated type on this site (office …)': $+1/office@site, the card itself and doubles twice", () => {
    expect(income([office(), store(), apartment({ income: "$+1/office@site" })], [office(), office()])).toBe(
      1,
    )
    expect(income([office({ double: true }), office({ income: "$+1/office@site" })])).toBe(3)
    expect(income([apartment({ income: "$+1/office@site" })])).toBe(0)
  })

  it("'$1 per project of the indicated type on this site (… or apartment)': $+1/apartment@site", () => {
    expect(income([apartment(), apartment({ income: "$+1/apartment@site" })], [apartment()])).toBe(2)
    expect(income([apartment({ double: true }), store({ income: "$+1/apartment@site" })])).toBe(2)
  })

  it("'$1 per office … on your whole street': $+1/office@street", () => {
    expect(income([office()], [office({ double: true })], [coffee({ income: "$+1/office@street" })])).toBe(3)
    expect(income([office({ income: "$+1/office@street" })], [apartment()])).toBe(1)
  })

  it("'$1 per apartment … on your whole street': $+1/apartment@street (the rule text's example store: 2 + 1 apartments → $3)", () => {
    expect(
      income(
        [store()],
        [apartment(), apartment()],
        [],
        [store({ income: "$+1/apartment@street" })],
        [apartment()],
      ),
    ).toBe(3)
  })

  it("'$2 per store … on your whole street': $+2/store@street", () => {
    expect(income([store({ income: "$+2/store@street" })], [store()], [store({ double: true })])).toBe(8)
  })

  it("'$2 per coffee shop on your whole street': $+2/coffee@street", () => {
    expect(income([coffee()], [office({ income: "$+2/coffee@street" })], [coffee(), coffee()])).toBe(6)
  })

  it("'$1 if on the ground floor … you gain $1 if this card is on the ground floor': $+1@ground", () => {
    expect(income([P({ income: "$+1@ground" })])).toBe(1)
    expect(income([office(), P({ income: "$+1@ground" })])).toBe(0)
  })

  it("no income icon earns nothing; the street's income is the sum over all its sites, finished or not", () => {
    expect(income([P()])).toBe(0)
    expect(
      income(
        [P({ income: "$+2" })],
        [P({ income: "$+1", roof: true })],
        [P({ income: "$-1" })],
        [P({ income: "$+3" }), P({ income: "$-2" })],
      ),
    ).toBe(3)
  })

  it("the rule text's example: '$2 (A) … no income … $1 per apartment … $3 (B) … $1 (C) … total income is $6'", () => {
    expect(
      income(
        [store({ income: "$+2" })],
        [apartment(), apartment()],
        [office()],
        [store({ income: "$+1/apartment@street" })],
        [apartment({ income: "$+1" }), service({ requirement: "ground", roof: true })],
      ),
    ).toBe(6)
  })

  it("covers every income icon of the vocabulary", () => {
    expect(INCOME_ICONS).toHaveLength(16)
  })
})

describe("prestige icons (rule text, 'Prestige')", () => {
  it.each([
    ["+1", 1],
    ["+2", 2],
    ["+3", 3],
    ["+4", 4],
    ["+5", 5],
    ["+6", 6],
    ["-1", -1],
    ["-2", -2],
    ["-3", -3],
    ["-4", -4],
  ] as const)(
    "'1, 2, 3, 4, 5, 6 prestige and -1, -2, -3, -4 prestige … gain or lose the indicated prestige': %s",
    (icon, amount) => {
      expect(prestige([P({ prestige: icon })])).toBe(amount)
      expect(prestige([office()], [store(), P({ prestige: icon })])).toBe(amount)
    },
  )

  it.each([
    ["+1/office@site", "office", 1],
    ["-1/office@site", "office", -1],
    ["+1/apartment@site", "apartment", 1],
    ["-1/apartment@site", "apartment", -1],
    ["+2/store@site", "store", 2],
    ["+2/coffee@site", "coffee", 2],
  ] as const)(
    "'… prestige per <type> at this site … for each project of the indicated type at this site': %s",
    (icon, type, per) => {
      // on a service: two of the type below (one a double) and one on another site, which does not count
      const card = service({ prestige: icon })
      expect(prestige([P({ type }), P({ type, double: true }), card], [P({ type })])).toBe(3 * per)
      // on a project of the type itself: it counts too
      expect(prestige([P({ type }), P({ type, prestige: icon })])).toBe(2 * per)
      expect(prestige([card])).toBe(0)
    },
  )

  it.each([
    ["+1/office@street", "office", 1],
    ["+2/service@street", "service", 2],
    ["+2/coffee@street", "coffee", 2],
    ["+2/store@street", "store", 2],
    ["+1/apartment@street", "apartment", 1],
    ["+3/hotel@street", "hotel", 3],
  ] as const)(
    "'1, 2, 3 prestige per project on all your sites … (office 1, service 2, coffee shop 2, store 2, apartment 1, hotel 3)': %s",
    (icon, type, per) => {
      const host: ProjectType = type === "hotel" ? "office" : "hotel"
      const card = P({ type: host, prestige: icon })
      const double = type !== "hotel" // "Double - some projects count as two offices / apartments / stores / coffee shops / service"
      expect(prestige([P({ type })], [card], [P({ type, double })], [P({ type })])).toBe(
        (double ? 4 : 3) * per,
      )
      expect(prestige([P({ type, prestige: icon })])).toBe(per)
    },
  )

  it("'… gift 2 …' per project on all your sites: +2/gift@street counts the gifts opponents built on your street (ruling 3), a double gift once", () => {
    const card = apartment({ prestige: "+2/gift@street" })
    expect(
      prestige([card], [store({ gift: true, prestige: "-1" })], [service({ gift: true, double: true })]),
    ).toBe(4 - 1)
    expect(prestige([card])).toBe(0)
  })

  it("'1 prestige per floor below this card': +1/floor-below", () => {
    const card = P({ prestige: "+1/floor-below" })
    expect(prestige([card])).toBe(0)
    expect(prestige([office(), office({ double: true }), store(), card])).toBe(3)
  })

  it.each([
    ["+1@ground", 1],
    ["+2@ground", 2],
  ] as const)("'1 or 2 prestige if on the ground floor': %s", (icon, amount) => {
    expect(prestige([P({ prestige: icon })])).toBe(amount)
    expect(prestige([office(), P({ prestige: icon })])).toBe(0)
  })

  it("covers every prestige icon of the vocabulary", () => {
    expect(PRESTIGE_ICONS).toHaveLength(27)
  })
})

describe("type, double, roof, gift and requirement icons", () => {
  const site = (...projects: Project[]): Site => ({
    cards: projects.map((_, i) => ({ card: i, face: 0, project: 0, by: 0 })),
    roofed: projects.some((p) => p.roof),
    noGifts: projects.some((p) => p.noGifts),
  })
  const canGo = (p: Project, s: Site) => fits(compileLoose(p), s)

  it("'Double - some projects count as two offices / apartments / stores / coffee shops / service' — for every per-type count", () => {
    const counters = [
      ["office", "+1/office@street", 1],
      ["apartment", "+1/apartment@street", 1],
      ["store", "+2/store@street", 2],
      ["coffee", "+2/coffee@street", 2],
      ["service", "+2/service@street", 2],
    ] as const
    for (const [type, icon, per] of counters)
      expect(prestige([P({ type, double: true })], [hotel({ prestige: icon })])).toBe(2 * per)
    expect(income([office({ double: true }), apartment({ income: "$+1/office@site" })])).toBe(2)
    expect(prestige([coffee({ double: true, prestige: "+2/coffee@street" })])).toBe(4)
  })

  it("'Ground floor - this project must be built only as the first card on a site'", () => {
    const ground = P({ requirement: "ground" })
    expect(canGo(ground, EMPTY_SITE)).toBe(true)
    expect(canGo(ground, site(office()))).toBe(false)
  })

  it("'Upper floor - this project cannot be built as the first card on a site'", () => {
    const upper = P({ requirement: "upper" })
    expect(canGo(upper, EMPTY_SITE)).toBe(false)
    expect(canGo(upper, site(office()))).toBe(true)
  })

  it("'Must be built on top of a roof' — and only such a project goes onto a finished site", () => {
    const onRoof = P({ requirement: "on-roof" })
    expect(canGo(onRoof, EMPTY_SITE)).toBe(false)
    expect(canGo(onRoof, site(office()))).toBe(false)
    expect(canGo(onRoof, site(office({ roof: true })))).toBe(true)
    expect(canGo(onRoof, site(office({ roof: true }), P({ requirement: "on-roof" })))).toBe(true)
    expect(canGo(office(), site(office({ roof: true })))).toBe(false)
    expect(canGo(P({ requirement: "upper" }), site(office({ roof: true })))).toBe(false)
  })

  it("'No gifts - no gifts can be built on this site' (from the card holding it on, below or above)", () => {
    const gift = P({ gift: true })
    expect(canGo(gift, site(office()))).toBe(true)
    expect(canGo(gift, site(office({ noGifts: true })))).toBe(false)
    expect(canGo(gift, site(office({ noGifts: true }), office()))).toBe(false)
    expect(canGo(office(), site(office({ noGifts: true })))).toBe(true)
  })

  it("every icon of the vocabulary is printed on at least one card of the set", () => {
    const projects = CARDS.flatMap((c) => c.faces.flatMap((f) => [...f.projects]))
    for (const icon of INCOME_ICONS)
      expect(
        projects.some((p) => p.income === icon),
        icon,
      ).toBe(true)
    for (const icon of PRESTIGE_ICONS)
      expect(
        projects.some((p) => p.prestige === icon),
        icon,
      ).toBe(true)
    for (const r of ["none", "ground", "upper", "on-roof"] as const)
      expect(projects.some((p) => p.requirement === r)).toBe(true)
    for (const flag of ["double", "roof", "gift", "noGifts"] as const)
      expect(projects.some((p) => p[flag])).toBe(true)
    for (const type of ["office", "apartment", "store", "coffee", "hotel", "service"] as const)
      expect(projects.some((p) => p.type === type)).toBe(true)
  })
})
