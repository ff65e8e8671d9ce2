/**
 * Hidden decks and hands (issue 8): a deck's order appears in no view — its owner's included, organisers'
 * too, since no order exists (cards are drawn when taken); a card drawn from a deck is shown only to its
 * holder until it is played, in views and in the events as redacted for everyone else; the seed and the
 * PRNG state are in no view before the end.
 */
import { describe, expect, it } from "vitest"
import { record, sealStream } from "../../fixture/record.js"
import type { Bot } from "../../kernel/bot.js"
import { redactEnvelope } from "../../kernel/envelope.js"
import type { Viewer } from "../../kernel/game.js"
import { findLeaks } from "../../kernel/secrecy.js"
import { heuristicBot, randomBot, uptown } from "./index.js"
import type { State } from "./state.js"
import { View } from "./view.js"

const viewersOf = (seats: number): Viewer[] => [
  ...Array.from({ length: seats }, (_, seat): Viewer => ({ kind: "seat", seat })),
  { kind: "spectator" },
  { kind: "organiser" },
]
const bots = (seats: number): Bot[] =>
  Array.from({ length: seats }, (_, s) => (s % 2 === 0 ? heuristicBot : randomBot))

/** Every card id a view mentions, by where it mentions it (the view schema has no other card field). */
const cardsIn = (view: ReturnType<typeof uptown.view>): number[] => {
  const ids: number[] = []
  for (const street of view.streets) for (const site of street) for (const c of site.cards) ids.push(c.card)
  if (view.publicTop !== null) ids.push(view.publicTop)
  ids.push(...view.publicDiscards, ...view.ownDiscards)
  if (view.hand) ids.push(view.hand.card)
  if (view.holding?.card != null) ids.push(view.holding.card)
  for (const d of view.secrets?.discards ?? []) ids.push(d.card)
  return ids
}

/** The cards a viewer may know: on the table, public, and its own (organisers: every hand and discard). */
const known = (state: State, viewer: Viewer): Set<number> => {
  const ids = new Set<number>()
  for (const street of state.streets) for (const site of street) for (const c of site.cards) ids.add(c.card)
  if (state.publicTop !== null) ids.add(state.publicTop)
  for (const id of state.publicDiscards) ids.add(id)
  const mine = (seat: number) =>
    viewer.kind === "organiser" || (viewer.kind === "seat" && viewer.seat === seat)
  if (state.hand && (state.hand.source === "public" || mine(state.hand.seat))) ids.add(state.hand.card)
  for (const d of state.discards) if (mine(d.seat)) ids.add(d.card)
  return ids
}

describe("hidden decks", () => {
  it("no view — a seat's own, a spectator's or an organiser's — shows a card still in a deck, a deck's order, the seed or the PRNG", () => {
    const viewKeys = Object.keys(View.fields).sort()
    let checked = 0
    for (const [seats, seed] of [
      [2, "decks-a"],
      [3, "decks-b"],
      [4, "decks-c"],
    ] as const) {
      const recording = record(uptown, {}, bots(seats), seed)
      for (const append of recording.appends) {
        if (append.after.ended) continue
        const state = append.after.state as State
        const inDecks = new Set(state.unseen.flat())
        for (const viewer of viewersOf(seats)) {
          const view = uptown.view(state, viewer)
          expect(Object.keys(view).sort()).toEqual(viewKeys)
          const allowed = known(state, viewer)
          for (const id of cardsIn(view)) {
            expect(inDecks.has(id)).toBe(false)
            expect(allowed.has(id)).toBe(true)
          }
          // what a view says of a deck: its size, its upcoins and the cost on its top card's back
          expect(view.deckSizes).toEqual(state.deckSizes)
          expect(view.topCosts).toEqual(state.topCosts)
          const text = JSON.stringify(view)
          expect(text).not.toContain(seed)
          expect(text).not.toContain(state.rng.base)
          expect(text).not.toContain("unseen")
          checked++
        }
      }
    }
    expect(checked).toBeGreaterThan(500)
  }, 60_000)

  it("the next card of a deck is decided by nothing any viewer holds: views are equal whatever the draws will be", () => {
    const recording = record(uptown, {}, bots(3), "decks-next")
    for (const append of recording.appends.slice(0, 60)) {
      const state = append.after.state as State
      const other: State = { ...state, rng: { base: "0".repeat(64), draws: state.rng.draws } }
      for (const viewer of viewersOf(3))
        expect(JSON.stringify(uptown.view(other, viewer))).toBe(JSON.stringify(uptown.view(state, viewer)))
    }
  })
})

describe("a drawn card", () => {
  it("shows only in its holder's view until it is played; everyone sees who holds a card and where it came from", () => {
    let held = 0
    const recording = record(uptown, {}, bots(4), "hands")
    for (const append of recording.appends) {
      if (append.after.ended) continue
      const state = append.after.state as State
      const hand = state.hand
      if (!hand || hand.source === "public") continue
      held++
      for (const viewer of viewersOf(4)) {
        const view = uptown.view(state, viewer)
        expect(view.holding).toEqual({ seat: hand.seat, source: hand.source, card: null })
        const holder = viewer.kind === "organiser" || (viewer.kind === "seat" && viewer.seat === hand.seat)
        expect(view.hand).toEqual(holder ? hand : null)
      }
    }
    expect(held).toBeGreaterThan(20)
  })

  it("reaches others in the events only redacted — no card, no causing command — until CardPlaced shows it", () => {
    const seed = "hands-events"
    const recording = record(uptown, {}, bots(3), seed)
    const stream = sealStream("game-uptown", recording.appends)
    let redacted = 0
    for (const envelope of stream) {
      if (envelope.type !== "CardDrawn" && envelope.type !== "CardBought") continue
      const holder = envelope.data.seat as number
      for (const viewer of viewersOf(3)) {
        const seen = redactEnvelope(uptown, envelope, viewer, false)
        const sees = viewer.kind === "organiser" || (viewer.kind === "seat" && viewer.seat === holder)
        if (sees) expect(seen.data.card).toBe(envelope.data.card)
        else {
          redacted++
          expect(seen.redacted).toBe(true)
          expect(seen.data).not.toHaveProperty("card")
          expect(seen.metadata).not.toHaveProperty("command")
          expect(Object.keys(seen.data).sort()).toEqual(
            envelope.type === "CardDrawn"
              ? ["cost", "nextTopCost", "seat"]
              : ["cost", "deck", "nextTopCost", "seat"],
          )
        }
      }
    }
    expect(redacted).toBeGreaterThan(40)
    // after the end everything is public
    const last = stream.find((e) => e.type === "CardDrawn")
    if (last) expect(redactEnvelope(uptown, last, { kind: "spectator" }, true).data.card).toBe(last.data.card)
  })

  it("a discarded deck card stays its holder's secret: CardDiscarded names no card", () => {
    const recording = record(uptown, {}, [randomBot, randomBot, randomBot], "discards")
    const discards = recording.appends.flatMap((a) => a.events).filter((e) => e.type === "CardDiscarded")
    expect(discards.length).toBeGreaterThan(0)
    for (const e of discards) expect(e).not.toHaveProperty("card")
    expect(uptown.visibility({ type: "CardDiscarded", seat: 0, source: "free", forced: false })).toBe("all")
  })

  it("findLeaks flags only purchases, whose choice is public by rule (the deck and its upcoins), never the card", () => {
    // findLeaks treats a command whose events are all private as a secret choice. Buying is not one: which
    // deck one buys from and the price are public (the redacted CardBought says so); only the card is not.
    for (const seats of [2, 4]) {
      const leaks = findLeaks(uptown, {}, bots(seats), `leaks-${seats}`)
      expect(leaks.length).toBeGreaterThan(0)
      for (const leak of leaks) {
        expect(leak.played.type).toBe("BuyCard")
        expect(leak.instead).not.toEqual(leak.played)
      }
    }
  }, 60_000)
})
