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

/**
 * The state after some changes, built as one literal: every state then shares one hidden class, and V8's
 * spread (`{ ...state, … }`) — several times slower once the maps diverge — is never used in the fold.
 */
const next = (s: State, c: Partial<State>): State => ({
  seats: s.seats,
  options: s.options,
  seed: s.seed,
  rng: c.rng !== undefined ? c.rng : s.rng,
  boards: c.boards !== undefined ? c.boards : s.boards,
  start: c.start !== undefined ? c.start : s.start,
  last: c.last !== undefined ? c.last : s.last,
  round: c.round !== undefined ? c.round : s.round,
  current: c.current !== undefined ? c.current : s.current,
  step: c.step !== undefined ? c.step : s.step,
  money: c.money !== undefined ? c.money : s.money,
  bank: c.bank !== undefined ? c.bank : s.bank,
  upcoins: c.upcoins !== undefined ? c.upcoins : s.upcoins,
  deckSizes: c.deckSizes !== undefined ? c.deckSizes : s.deckSizes,
  topCosts: c.topCosts !== undefined ? c.topCosts : s.topCosts,
  publicSize: c.publicSize !== undefined ? c.publicSize : s.publicSize,
  publicTop: c.publicTop !== undefined ? c.publicTop : s.publicTop,
  streets: c.streets !== undefined ? c.streets : s.streets,
  values: c.values !== undefined ? c.values : s.values,
  holding: c.holding !== undefined ? c.holding : s.holding,
  discardCounts: c.discardCounts !== undefined ? c.discardCounts : s.discardCounts,
  publicDiscards: c.publicDiscards !== undefined ? c.publicDiscards : s.publicDiscards,
  finalRound: c.finalRound !== undefined ? c.finalRound : s.finalRound,
  hand: c.hand !== undefined ? c.hand : s.hand,
  unseen: c.unseen !== undefined ? c.unseen : s.unseen,
  publicUnseen: c.publicUnseen !== undefined ? c.publicUnseen : s.publicUnseen,
  discards: c.discards !== undefined ? c.discards : s.discards,
})

/** Folds one event into the state. */
export const evolve = (state: State, event: Event): State => {
  switch (event.type) {
    case "GameStarted":
    case "GameEnded":
      return state
    case "TableDealt": {
      const publicUnseen = without(state.publicUnseen, event.publicTop)
      return next(state, {
        rng: nextDraw(state.rng),
        boards: event.boards,
        start: event.start,
        last: (event.start + state.seats - 1) % state.seats,
        current: event.start,
        round: 1,
        step: STEPS.start,
        deckSizes: event.deckSizes,
        topCosts: event.topCosts,
        publicSize: event.publicSize,
        publicTop: event.publicTop,
        publicUnseen,
      })
    }
    case "UpcoinsCollected":
      return next(state, {
        money: addAt(state.money, event.seat, event.amount),
        upcoins: setAt(state.upcoins, event.seat, 0),
        step: STEPS.second,
      })
    case "CardDrawn": {
      const hand: Hand = { seat: event.seat, card: event.card, source: "free" }
      return next(state, {
        rng: nextDraw(state.rng),
        hand,
        holding: holdingOf(hand),
        unseen: unseenWithout(state.unseen, event.cost, event.card),
        deckSizes: addAt(state.deckSizes, event.seat, -1),
        topCosts: setAt(state.topCosts, event.seat, event.nextTopCost),
        step: STEPS.free,
      })
    }
    case "NothingDrawn":
      return next(state, { step: STEPS.second })
    case "CardBought": {
      const hand: Hand = { seat: event.seat, card: event.card, source: "bought" }
      const own = event.deck === event.seat
      return next(state, {
        rng: nextDraw(state.rng),
        hand,
        holding: holdingOf(hand),
        money: addAt(state.money, event.seat, -event.cost),
        bank: own ? state.bank + event.cost : state.bank,
        upcoins: own ? state.upcoins : addAt(state.upcoins, event.deck, event.cost),
        unseen: unseenWithout(state.unseen, event.cost, event.card),
        deckSizes: addAt(state.deckSizes, event.deck, -1),
        topCosts: setAt(state.topCosts, event.deck, event.nextTopCost),
        step: STEPS.place,
      })
    }
    case "PublicCardTaken": {
      const hand: Hand = { seat: event.seat, card: event.card, source: "public" }
      const turned = event.nextTop !== null
      return next(state, {
        rng: turned ? nextDraw(state.rng) : state.rng,
        hand,
        holding: holdingOf(hand),
        publicSize: state.publicSize - 1,
        publicTop: event.nextTop,
        publicUnseen: turned ? without(state.publicUnseen, event.nextTop as number) : state.publicUnseen,
        step: STEPS.place,
      })
    }
    case "NothingTaken":
      return next(state, { step: STEPS.end })
    case "CardPlaced": {
      const street = state.streets[event.street] as Street
      const placed = { card: event.card, face: event.face, project: event.project, by: event.seat }
      const built = setAt(
        street,
        event.site,
        build(street[event.site] as Street[number], placed, projectAt(event.card, event.face, event.project)),
      )
      const wasFree = state.hand?.source === "free"
      return next(state, {
        streets: setAt(state.streets, event.street, built),
        values: setAt(state.values, event.street, streetValue(built)),
        hand: null,
        holding: null,
        step: wasFree ? STEPS.second : STEPS.end,
      })
    }
    case "CardDiscarded": {
      const hand = state.hand as Hand
      return next(state, {
        discards: [...state.discards, { seat: hand.seat, card: hand.card, source: hand.source }],
        discardCounts: addAt(state.discardCounts, event.seat, 1),
        publicDiscards:
          hand.source === "public" ? [...state.publicDiscards, hand.card] : state.publicDiscards,
        hand: null,
        holding: null,
        step: hand.source === "free" ? STEPS.second : STEPS.end,
      })
    }
    case "IncomeEarned":
      return next(state, {
        money: addAt(state.money, event.seat, event.amount),
        bank: state.bank - event.amount,
      })
    case "FinalRoundTriggered":
      return next(state, { finalRound: { reason: event.reason, of: event.of } })
    case "TurnEnded":
      if (event.next === null) return next(state, { step: STEPS.over })
      return next(state, {
        current: event.next,
        round: event.next === state.start ? state.round + 1 : state.round,
        step: STEPS.start,
      })
  }
}
