/*
 * A street of five sites, and what it is worth: the income every roof pays its owner and the prestige it
 * scores at the end (rule text, "Earn income", "Scoring", "Explanation of Symbols"). Pure functions of the
 * street, shared by the rules, the views and the bots.
 */
import type { Seat } from "../../kernel/game.js"
import {
  COUNTED,
  type CompiledFormula,
  type CompiledProject,
  FLAT,
  GIFT_INDEX,
  IF_GROUND,
  PER_FLOOR_BELOW,
  PER_ON_SITE,
  PER_ON_STREET,
  projectAt,
  REQ_GROUND,
  REQ_ON_ROOF,
  REQ_UPPER,
} from "./projects.js"

/** Sites on a street board (rule text, "Street layout"). */
export const SITES = 5

/** A card on a site: which card, which face and which project is on top, and who built it. */
export interface Placed {
  readonly card: number
  readonly face: 0 | 1
  readonly project: 0 | 1
  /** The seat that placed it: the site's owner, or the giver of a gift. */
  readonly by: Seat
}

/** One site: its cards from the ground floor up, whether a roof finished it, whether it refuses gifts. */
export interface Site {
  readonly cards: ReadonlyArray<Placed>
  readonly roofed: boolean
  readonly noGifts: boolean
}

export type Street = ReadonlyArray<Site>

/** An empty site (shared: sites are never mutated). */
export const EMPTY_SITE: Site = { cards: [], roofed: false, noGifts: false }

/** A street with five empty sites. */
export const emptyStreet = (): Street => [EMPTY_SITE, EMPTY_SITE, EMPTY_SITE, EMPTY_SITE, EMPTY_SITE]

/** The compiled project a placed card shows. */
export const shown = (p: Placed): CompiledProject => projectAt(p.card, p.face, p.project)

/**
 * Whether `project` may be placed on `site` (rule text, "Play a card" and "Requirements"): ground-floor
 * projects only as the first card, upper-floor projects never as the first card, nothing on a finished site
 * but a project built on top of a roof (which needs one), and no gift on a no-gifts site. Whose street it
 * is (gifts only on opponents' sites) is the caller's check.
 */
export const fits = (project: CompiledProject, site: Site): boolean => {
  if (project.gift && site.noGifts) return false
  if (site.roofed !== (project.requirement === REQ_ON_ROOF)) return false
  if (project.requirement === REQ_GROUND) return site.cards.length === 0
  if (project.requirement === REQ_UPPER) return site.cards.length > 0
  return true
}

/** The site after `placed` (showing `project`) is built on it. */
export const build = (site: Site, placed: Placed, project: CompiledProject): Site => ({
  cards: [...site.cards, placed],
  roofed: site.roofed || project.roof,
  noGifts: site.noGifts || project.noGifts,
})

/** A street's income (before the floor at 0) and its prestige from projects, money not included. */
export interface StreetValue {
  readonly income: number
  readonly prestige: number
}

const COUNTS = COUNTED.length
// Scratch counters reused by every call: streetValue runs for each card placed, and two fresh arrays per
// call were a tenth of a playout. Safe: the function is synchronous and never re-entered.
const streetCounts = new Int32Array(COUNTS)
const siteCounts = new Int32Array(COUNTS)

/** Zeroes a counter array: a loop, since `fill` on seven elements costs more than its call. */
const clear = (counts: Int32Array) => {
  for (let i = 0; i < COUNTS; i++) counts[i] = 0
}

/** Counts per type (doubles twice) and gifts, over some cards, into `into`. */
const countInto = (
  cards: ReadonlyArray<Placed>,
  into: Int32Array,
  resolve: (p: Placed) => CompiledProject,
) => {
  for (const placed of cards) {
    const p = resolve(placed)
    into[p.type] = (into[p.type] as number) + p.weight
    if (p.gift) into[GIFT_INDEX] = (into[GIFT_INDEX] as number) + 1
  }
}

const amountOf = (f: CompiledFormula, floor: number): number => {
  switch (f.kind) {
    case FLAT:
      return f.amount
    case PER_FLOOR_BELOW:
      return f.amount * floor
    case PER_ON_SITE:
      return f.amount * (siteCounts[f.counted] as number)
    case PER_ON_STREET:
      return f.amount * (streetCounts[f.counted] as number)
    case IF_GROUND:
      return floor === 0 ? f.amount : 0
    default:
      return 0
  }
}

/**
 * Income and prestige of a street. Every card counts, finished sites or not; "per floor below" counts the
 * cards beneath; per-type counts include the card itself and count a double twice (ruling 4); gifts on the
 * street count for its owner (ruling 3). `resolve` maps a placed card to its project (tests pass their own).
 */
export const streetValue = (street: Street, resolve: (p: Placed) => CompiledProject = shown): StreetValue => {
  clear(streetCounts)
  for (const site of street) countInto(site.cards, streetCounts, resolve)
  let income = 0
  let prestige = 0
  for (const site of street) {
    if (site.cards.length === 0) continue
    clear(siteCounts)
    countInto(site.cards, siteCounts, resolve)
    for (let floor = 0; floor < site.cards.length; floor++) {
      const p = resolve(site.cards[floor] as Placed)
      income += amountOf(p.income, floor)
      prestige += amountOf(p.prestige, floor)
    }
  }
  return { income, prestige }
}

/** The tallest building of a street: the most cards on one site (rule text's tie-break). */
export const tallest = (street: Street): number => {
  let h = 0
  for (const site of street) if (site.cards.length > h) h = site.cards.length
  return h
}
