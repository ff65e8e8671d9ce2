import { advance as nextDraw } from "../../kernel/random.js"
import type { Event } from "./events.js"
import { projectAt } from "./projects.js"
import { type Hand, STEPS, type State } from "./state.js"
import { build, type Street, streetValue } from "./street.js"

/** A copy of `items` with `items[i]` replaced (copy-on-write: state arrays are never mutated). */
const setAt = <T>(items: ReadonlyArray<T>, i: number, value: T): T[] => {
  const out = items.slice()
  out[i] = value
  return out
}
const addAt = (items: ReadonlyArray<number>, i: number, delta: number): number[] =>
  setAt(items, i, (items[i] as number) + delta)
/** A copy of `items` without `id` (a plain loop: `filter` with a closure costs several times more). */
const without = (items: ReadonlyArray<number>, id: number): number[] => {
  const out: number[] = []
  for (const x of items) if (x !== id) out.push(x)
  return out
}
/** The unseen groups with `card` (of cost `cost`) taken out. */
const unseenWithout = (unseen: State["unseen"], cost: number, card: number): State["unseen"] =>
  setAt(unseen, cost, without(unseen[cost] as ReadonlyArray<number>, card))

const holdingOf = (hand: Hand) => ({
  seat: hand.seat,
  source: hand.source,
  card: hand.source === "public" ? hand.card : null,
})

/** A state being built by `evolve`: a fresh copy it may set fields on before handing it out. */
type Draft = { -readonly [K in keyof State]: State[K] }

/**
 * A fresh copy of the state for `evolve` to set the changed fields on, as one literal: every state then
 * shares one hidden class and each change is a plain store. Spreads (`{ ...state, … }`) are several times
 * slower once the maps diverge, and a `next(state, { … })` helper read its differently shaped arguments
 * through megamorphic lookups (a tenth of a playout).
 */
const copyOf = (s: State): Draft => ({
  seats: s.seats,
  options: s.options,
  seed: s.seed,
  rng: s.rng,
  boards: s.boards,
  start: s.start,
  last: s.last,
  round: s.round,
  current: s.current,
  step: s.step,
  money: s.money,
  bank: s.bank,
  upcoins: s.upcoins,
  deckSizes: s.deckSizes,
  topCosts: s.topCosts,
  publicSize: s.publicSize,
  publicTop: s.publicTop,
  streets: s.streets,
  values: s.values,
  holding: s.holding,
  discardCounts: s.discardCounts,
  publicDiscards: s.publicDiscards,
  finalRound: s.finalRound,
  hand: s.hand,
  unseen: s.unseen,
  publicUnseen: s.publicUnseen,
  discards: s.discards,
})

/** Folds one event into the state. */
export const evolve = (state: State, event: Event): State => {
  switch (event.type) {
    case "GameStarted":
    case "GameEnded":
      return state
    case "TableDealt": {
      const s = copyOf(state)
      s.rng = nextDraw(state.rng)
      s.boards = event.boards
      s.start = event.start
      s.last = (event.start + state.seats - 1) % state.seats
      s.current = event.start
      s.round = 1
      s.step = STEPS.start
      s.deckSizes = event.deckSizes
      s.topCosts = event.topCosts
      s.publicSize = event.publicSize
      s.publicTop = event.publicTop
      s.publicUnseen = without(state.publicUnseen, event.publicTop)
      return s
    }
    case "UpcoinsCollected": {
      const s = copyOf(state)
      s.money = addAt(state.money, event.seat, event.amount)
      s.upcoins = setAt(state.upcoins, event.seat, 0)
      s.step = STEPS.second
      return s
    }
    case "CardDrawn": {
      const s = copyOf(state)
      s.rng = nextDraw(state.rng)
      s.hand = { seat: event.seat, card: event.card, source: "free" }
      s.holding = holdingOf(s.hand)
      s.unseen = unseenWithout(state.unseen, event.cost, event.card)
      s.deckSizes = addAt(state.deckSizes, event.seat, -1)
      s.topCosts = setAt(state.topCosts, event.seat, event.nextTopCost)
      s.step = STEPS.free
      return s
    }
    case "NothingDrawn": {
      const s = copyOf(state)
      s.step = STEPS.second
      return s
    }
    case "CardBought": {
      const s = copyOf(state)
      s.rng = nextDraw(state.rng)
      s.hand = { seat: event.seat, card: event.card, source: "bought" }
      s.holding = holdingOf(s.hand)
      s.money = addAt(state.money, event.seat, -event.cost)
      // Paid to the bank for the own deck, else as upcoins onto the deck bought from.
      if (event.deck === event.seat) s.bank = state.bank + event.cost
      else s.upcoins = addAt(state.upcoins, event.deck, event.cost)
      s.unseen = unseenWithout(state.unseen, event.cost, event.card)
      s.deckSizes = addAt(state.deckSizes, event.deck, -1)
      s.topCosts = setAt(state.topCosts, event.deck, event.nextTopCost)
      s.step = STEPS.place
      return s
    }
    case "PublicCardTaken": {
      const s = copyOf(state)
      s.hand = { seat: event.seat, card: event.card, source: "public" }
      s.holding = holdingOf(s.hand)
      s.publicSize = state.publicSize - 1
      s.publicTop = event.nextTop
      if (event.nextTop !== null) {
        s.rng = nextDraw(state.rng)
        s.publicUnseen = without(state.publicUnseen, event.nextTop)
      }
      s.step = STEPS.place
      return s
    }
    case "NothingTaken": {
      const s = copyOf(state)
      s.step = STEPS.end
      return s
    }
    case "CardPlaced": {
      const street = state.streets[event.street] as Street
      const placed = { card: event.card, face: event.face, project: event.project, by: event.seat }
      const built = setAt(
        street,
        event.site,
        build(street[event.site] as Street[number], placed, projectAt(event.card, event.face, event.project)),
      )
      const s = copyOf(state)
      s.streets = setAt(state.streets, event.street, built)
      s.values = setAt(state.values, event.street, streetValue(built))
      s.hand = null
      s.holding = null
      s.step = state.hand?.source === "free" ? STEPS.second : STEPS.end
      return s
    }
    case "CardDiscarded": {
      const hand = state.hand as Hand
      const s = copyOf(state)
      s.discards = [...state.discards, { seat: hand.seat, card: hand.card, source: hand.source }]
      s.discardCounts = addAt(state.discardCounts, event.seat, 1)
      if (hand.source === "public") s.publicDiscards = [...state.publicDiscards, hand.card]
      s.hand = null
      s.holding = null
      s.step = hand.source === "free" ? STEPS.second : STEPS.end
      return s
    }
    case "IncomeEarned": {
      const s = copyOf(state)
      s.money = addAt(state.money, event.seat, event.amount)
      s.bank = state.bank - event.amount
      return s
    }
    case "FinalRoundTriggered": {
      const s = copyOf(state)
      s.finalRound = { reason: event.reason, of: event.of }
      return s
    }
    case "TurnEnded": {
      const s = copyOf(state)
      if (event.next === null) {
        s.step = STEPS.over
        return s
      }
      s.current = event.next
      if (event.next === state.start) s.round = state.round + 1
      s.step = STEPS.start
      return s
    }
  }
}
