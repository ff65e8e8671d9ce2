import type { Bot } from "../../../kernel/bot.js"
import type { Seat } from "../../../kernel/game.js"
import { COST } from "../chance.js"
import type { Command, PlaceCard } from "../commands.js"
import { DOLLARS_PER_POINT } from "../data.js"
import { BLUE_IDS, type CompiledProject, facesOf, projectAt } from "../projects.js"
import { build, fits, SITES, type Street, streetValue } from "../street.js"
import { projectValue } from "../value.js"
import type { View } from "../view.js"

/*
 * A greedy one-step bot on its own seat's view. It values a street as its prestige, plus its income times
 * the roofs still expected on it, plus money at $3 a point; it plays the card in hand where that value
 * grows most (a gift where it hurts the leading opponent most), discards a free card that would lower it,
 * and for the 2nd action compares the public card's best placement with the expected value of each
 * affordable deck's top card (the balance method's V over the blue cards of the cost showing), less the
 * price and, for an opponent's deck, the money handed to that opponent.
 */

/** Blue cards by the cost on their bar. */
const BY_COST: ReadonlyArray<ReadonlyArray<number>> = (() => {
  const out: number[][] = Array.from({ length: 9 }, () => [])
  for (const id of BLUE_IDS) out[COST[id] as number]?.push(id)
  return out
})()

/** The balance method's V of every project, by the same index as projectAt (card × 4 + face × 2 + project). */
const STATIC_V: ReadonlyArray<number> = (() => {
  const out: number[] = []
  for (let id = 0; id < COST.length; id++)
    for (let i = 0; i < 4; i++) out[id * 4 + i] = projectValue(projectAt(id, i >> 1, i & 1).project)
  return out
})()

/** Share of a site's remaining roofs the bot expects to still see before the end. */
const horizon = (view: View): number => {
  if (view.finalRound) return 0
  let smallest = Number.POSITIVE_INFINITY
  for (const size of view.deckSizes) if (size < smallest) smallest = size
  return Math.min(1, smallest / 8)
}

/** What a street and an account are worth to their owner, in points. */
const worth = (street: Street, money: number, h: number): number => {
  const { income, prestige } = streetValue(street)
  let open = 0
  for (const site of street) if (!site.roofed) open++
  return prestige + money / DOLLARS_PER_POINT + (Math.max(0, income) * open * h) / DOLLARS_PER_POINT
}

/** The change in `owner`'s worth if `project` (card, face, project) is built as `c` by `by`. */
const gain = (view: View, owner: Seat, by: Seat, card: number, c: PlaceCard, h: number): number => {
  const street = view.streets[owner] as Street
  const site = street[c.site] as Street[number]
  const p = projectAt(card, c.face, c.project)
  const built = street.slice()
  built[c.site] = build(site, { card, face: c.face, project: c.project, by }, p)
  const money = view.money[owner] as number
  const paid = p.roof && !site.roofed ? Math.max(0, streetValue(built).income) : 0
  let delta = worth(built, money + paid, h) - worth(street, money, h)
  // Finishing a site early leaves fewer places to build; finishing the last open site ends the game.
  if (p.roof && !site.roofed) {
    let open = 0
    for (const s of street) if (!s.roofed) open++
    if (open <= 2 && h > 0.3) delta -= 2
  }
  return delta
}

/** Points for the bot of playing `c`: its own gain, or an opponent's loss for a gift. */
const placementScore = (view: View, seat: Seat, card: number, c: PlaceCard, h: number): number => {
  if (c.street === seat) return gain(view, seat, seat, card, c, h)
  const loss = -gain(view, c.street, seat, card, c, h)
  const leader = leadingOpponent(view, seat)
  return (loss / Math.max(1, view.seats - 1)) * (c.street === leader ? 2 : 1)
}

/** The opponent with the most points on the table now. */
const leadingOpponent = (view: View, seat: Seat): Seat => {
  let best = -1
  let score = Number.NEGATIVE_INFINITY
  for (let s = 0; s < view.seats; s++) {
    if (s === seat) continue
    const v = (view.values[s]?.prestige ?? 0) + (view.money[s] ?? 0) / DOLLARS_PER_POINT
    if (v > score) {
      score = v
      best = s
    }
  }
  return best
}

/** The best static V among the ways the seat could play `card` now (0 when it fits nowhere). */
const bestStatic = (view: View, seat: Seat, card: number): number => {
  let best = 0
  const faces = facesOf(card)
  for (let face = 0; face < faces; face++)
    for (let project = 0; project < 2; project++) {
      const p: CompiledProject = projectAt(card, face, project)
      const v = STATIC_V[card * 4 + face * 2 + project] as number
      if (v <= best) continue
      if (placeable(view, seat, p)) best = v
    }
  return best
}

const placeable = (view: View, seat: Seat, p: CompiledProject): boolean => {
  for (let street = 0; street < view.seats; street++) {
    if (p.gift === (street === seat)) continue
    const sites = view.streets[street] as Street
    for (let site = 0; site < SITES; site++) if (fits(p, sites[site] as Street[number])) return true
  }
  return false
}

/** Expected points of buying the top card of `deck`, its price and side effects included. */
const buyScore = (view: View, seat: Seat, deck: Seat): number => {
  const cost = view.topCosts[deck] as number
  const pool = BY_COST[cost] as ReadonlyArray<number>
  let total = 0
  for (const id of pool) total += bestStatic(view, seat, id)
  const expected = pool.length > 0 ? total / pool.length : 0
  const price = cost / DOLLARS_PER_POINT
  // Upcoins on an opponent's deck are points for that opponent (and skip one free card of theirs).
  const handedOver =
    deck === seat ? 0 : price / Math.max(1, view.seats - 1) - 0.5 / Math.max(1, view.seats - 1)
  return expected - price - handedOver
}

/** The heuristic bot. */
export const heuristicBot: Bot<View, Command> = {
  name: "heuristic",
  choose: ({ seat, view, legal, random }) => {
    const h = horizon(view)
    let best: Command = legal[0] as Command
    let bestScore = Number.NEGATIVE_INFINITY
    for (const c of legal) {
      let score: number
      if (c.type === "PlaceCard") score = placementScore(view, seat, view.hand?.card as number, c, h)
      else if (c.type === "DiscardCard") score = 0
      else if (c.type === "TakePublicCard")
        score = view.publicTop === null ? 0 : bestStatic(view, seat, view.publicTop)
      else score = buyScore(view, seat, c.deck)
      // Ties go to a random one of them, so equal choices do not always favour the first site.
      score += random.int(0, 999) * 1e-6
      if (score > bestScore) {
        bestScore = score
        best = c
      }
    }
    return best
  },
}
