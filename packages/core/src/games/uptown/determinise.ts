import { sampledSecrets } from "../../kernel/determinise.js"
import type { Random } from "../../kernel/random.js"
import { COST, MAX_COST } from "./chance.js"
import { BLUE_IDS, GREEN_IDS } from "./projects.js"
import type { Discard, Hand, State } from "./state.js"
import type { View } from "./view.js"

/**
 * A full Uptown state consistent with one seat's view. Public cards still in the pile are the green cards
 * in sight nowhere (streets, discards, a hand, the face-up top). The blue cards nobody has seen are every
 * blue card not in sight, less the ones other seats hold or have discarded face down: those are sampled
 * among them, keeping at least one unseen card of each cost showing on a deck's top. The order of the decks
 * needs no guess (each draw picks among the unseen cards of the top's cost), and the PRNG is guessed.
 */
export const determinise = (view: View, random: Random): State => {
  const me = view.viewer.kind === "seat" ? view.viewer.seat : -1
  const seen = new Set<number>()
  for (const street of view.streets)
    for (const site of street) for (const placed of site.cards) seen.add(placed.card)
  for (const card of view.publicDiscards) seen.add(card)
  for (const card of view.ownDiscards) seen.add(card)
  if (view.hand !== null) seen.add(view.hand.card)
  if (view.publicTop !== null) seen.add(view.publicTop)
  const publicUnseen = GREEN_IDS.filter((id) => !seen.has(id))

  const unseen: number[][] = Array.from({ length: MAX_COST + 1 }, () => [])
  for (const id of BLUE_IDS) if (!seen.has(id)) unseen[COST[id] as number]?.push(id)
  const showing = new Array<number>(MAX_COST + 1).fill(0)
  for (const cost of view.topCosts) if (cost !== null) showing[cost] = (showing[cost] as number) + 1
  /** A blue card out of sight: uniform among the unseen ones whose cost can spare one. */
  const takeHidden = (): number | null => {
    const candidates: number[] = []
    for (let c = 0; c <= MAX_COST; c++)
      if ((unseen[c] as number[]).length > (showing[c] as number)) candidates.push(...(unseen[c] as number[]))
    if (candidates.length === 0) return null
    const card = random.pick(candidates)
    const group = unseen[COST[card] as number] as number[]
    group.splice(group.indexOf(card), 1)
    return card
  }

  // Another seat holding a card from a deck: which card is hidden.
  let hand: Hand | null = view.hand
  if (hand === null && view.holding !== null && view.holding.source !== "public") {
    const card = takeHidden()
    if (card !== null) hand = { seat: view.holding.seat, card, source: view.holding.source }
  }
  // Discards: the viewer's own in order, the public ones, and the others' face-down ones (sampled).
  const discards: Discard[] = view.ownDiscards.map((card) => ({ seat: me, card, source: "bought" }))
  const other = (me + 1) % view.seats
  for (const card of view.publicDiscards) discards.push({ seat: other, card, source: "public" })
  // Every discard is the viewer's own face-down one, a public one, or another seat's face-down one.
  const faceDown =
    view.discardCounts.reduce((a, b) => a + b, 0) - view.ownDiscards.length - view.publicDiscards.length
  for (let i = 0; i < faceDown; i++) {
    const card = takeHidden()
    if (card !== null) discards.push({ seat: other, card, source: "bought" })
  }

  return {
    seats: view.seats,
    options: view.options,
    boards: view.boards,
    start: view.start,
    last: view.last,
    round: view.round,
    current: view.current,
    step: view.step,
    money: view.money,
    bank: view.bank,
    upcoins: view.upcoins,
    deckSizes: view.deckSizes,
    topCosts: view.topCosts,
    publicSize: view.publicSize,
    publicTop: view.publicTop,
    streets: view.streets,
    values: view.values,
    holding: view.holding,
    discardCounts: view.discardCounts,
    publicDiscards: view.publicDiscards,
    finalRound: view.finalRound,
    ...sampledSecrets(random),
    hand,
    unseen,
    publicUnseen,
    discards,
  }
}
