/** Uptown's conformance hooks: the commands to try, its tables and what its state conserves. */

import { CARDS } from "../../games/uptown/cards.js"
import type { Command } from "../../games/uptown/commands.js"
import { BANK } from "../../games/uptown/data.js"
import { heuristicBot, randomBot } from "../../games/uptown/index.js"
import type { State } from "../../games/uptown/state.js"
import { SITES } from "../../games/uptown/street.js"
import type { Bot } from "../../kernel/bot.js"
import type { ConformanceHooks } from "../conformance.js"

const sum = (xs: ReadonlyArray<number>) => {
  let s = 0
  for (const x of xs) s += x
  return s
}

/** Money and cards are all accounted for. */
export const uptownInvariants = (state: State): void => {
  const check = (ok: boolean, what: string) => {
    if (!ok) throw new Error(`uptown: ${what}`)
  }
  check(state.bank + sum(state.money) + sum(state.upcoins) === BANK, "money conserved")
  check(
    state.money.every((m) => m >= 0),
    "no account below $0",
  )
  const unseen = sum(state.unseen.map((group) => group.length))
  check(unseen === sum(state.deckSizes), "unseen cards are the decks' cards")
  // every cost showing on a deck's top is backed by an unseen card of that cost
  state.unseen.forEach((group, cost) => {
    const showing = state.topCosts.filter((c) => c === cost).length
    check(showing <= group.length, "top costs backed by unseen cards")
  })
  let placed = 0
  for (const street of state.streets) for (const site of street) placed += site.cards.length
  const inPile = state.publicUnseen.length + (state.publicTop === null ? 0 : 1)
  check(inPile === state.publicSize, "the public pile's size")
  const cards = placed + state.discards.length + (state.hand ? 1 : 0) + unseen + inPile
  check(cards === CARDS.length, "every card is somewhere")
}

/** Every command a client might send: each type with in- and out-of-range values. */
const candidates = (seats: number): Command[] => {
  const out: Command[] = [{ type: "DiscardCard" }, { type: "TakePublicCard" }]
  for (let deck = -1; deck <= seats; deck++) out.push({ type: "BuyCard", deck })
  for (let street = -1; street <= seats; street++)
    for (let site = -1; site <= SITES; site++)
      for (const face of [0, 1] as const)
        for (const project of [0, 1] as const) out.push({ type: "PlaceCard", street, site, face, project })
  return out
}
const BY_SEATS = [2, 3, 4].map(candidates)

const mixed = (seats: number): Bot[] =>
  Array.from({ length: seats }, (_, s) => (s === 0 ? heuristicBot : randomBot))

const count = (unseen: ReadonlyArray<ReadonlyArray<number>>) => unseen.reduce((n, g) => n + g.length, 0)

export const uptownHooks: ConformanceHooks<State, Command> = {
  tables: [2, 3, 4].flatMap((seats) => [
    { bots: mixed(seats) },
    { bots: Array.from({ length: seats }, () => randomBot) },
  ]),
  candidates: (state) => BY_SEATS[state.seats - 2] ?? candidates(state.seats),
  invariants: uptownInvariants,
  // Which deck one buys from and the price are public (the redacted CardBought says so); only the card is not.
  leaks: { publicChoice: (leak) => leak.played.type === "BuyCard" },
  // The public pile exactly, as many unseen blue cards as there are, every deck's top cost among them.
  sample: (sample, real) => {
    const check = (ok: boolean, what: string) => {
      if (!ok) throw new Error(`uptown: a sample's ${what}`)
    }
    check(JSON.stringify(sample.publicUnseen) === JSON.stringify(real.publicUnseen), "public pile")
    check(count(sample.unseen) === count(real.unseen), "unseen card count")
    check(sample.discards.length === real.discards.length, "discards")
    for (const cost of real.topCosts)
      if (cost !== null) check((sample.unseen[cost]?.length ?? 0) > 0, "top costs")
  },
}
