/*
 * Chance, drawn at the moment a card is taken (kernel notes: "Hidden decks"). Dealing all 84 blue cards
 * face down and taking them from the tops is, for every card revealed, the same as drawing it uniformly
 * from the cards nobody has seen yet — so no deck order is ever stored, not even for organisers. Only the
 * cost on each top card's back is public (ruling 7): it is drawn when the card comes to the top, among the
 * unseen cards not already showing on another deck, and the card itself is later drawn among the unseen
 * cards of that cost. Each function opens one generator and returns what the chance event records.
 */
import type { Seat } from "../../kernel/game.js"
import { Random } from "../../kernel/random.js"
import { CARDS } from "./cards.js"
import { deckSize } from "./data.js"
import { BLUE_IDS, GREEN_IDS } from "./projects.js"
import type { State } from "./state.js"

/** Every card's cost, by id. */
export const COST: ReadonlyArray<number> = CARDS.map((c) => c.cost)
/** The highest cost a blue card can have (balance method: clamp(…, 1, 8)). */
export const MAX_COST = 8

/** The blue cards grouped by cost (index = cost), in id order: the unseen cards before the deal. */
export const BLUE_BY_COST: ReadonlyArray<ReadonlyArray<number>> = (() => {
  const groups: number[][] = []
  for (let c = 0; c <= MAX_COST; c++) groups.push([])
  for (const id of BLUE_IDS) groups[COST[id] as number]?.push(id)
  return groups
})()

// Scratch weights reused by every draw (one per card drawn or bought): synchronous, never re-entered.
const weights = new Int32Array(MAX_COST + 1)

/**
 * A cost for a deck's new top card: uniform over the unseen cards (`unseen`, grouped by cost) minus one card
 * of each cost already showing on the other decks (`showing`) and minus the card just taken (`taken`).
 */
const drawTopCost = (
  random: Random,
  unseen: ReadonlyArray<ReadonlyArray<number>>,
  showing: ReadonlyArray<number>,
  taken: number | null,
): number => {
  for (let c = 0; c <= MAX_COST; c++)
    weights[c] = (unseen[c] as ReadonlyArray<number>).length - (c === taken ? 1 : 0)
  for (const s of showing) weights[s] = (weights[s] as number) - 1
  let total = 0
  for (let c = 0; c <= MAX_COST; c++) total += weights[c] as number
  let r = random.int(0, total - 1)
  for (let c = 0; c <= MAX_COST; c++) {
    r -= weights[c] as number
    if (r < 0) return c
  }
  throw new Error("uptown: no unseen card left for a deck's top")
}

/** Preparation: street boards dealt at random, deck sizes, the costs on the decks' tops, the public top. */
export const dealTable = (seats: number, random: Random) => {
  const boards = random.shuffle(Array.from({ length: seats }, (_, i) => i + 1))
  const topCosts: number[] = []
  for (let s = 0; s < seats; s++) topCosts.push(drawTopCost(random, BLUE_BY_COST, topCosts, null))
  return {
    type: "TableDealt" as const,
    boards,
    start: boards.indexOf(1),
    deckSizes: boards.map(() => deckSize(seats)),
    topCosts,
    publicSize: GREEN_IDS.length,
    publicTop: random.pick(GREEN_IDS),
  }
}

/** The top card of `deck` taken: which card it is, its cost, and the cost the next card shows. */
export const drawFromDeck = (
  state: State,
  deck: Seat,
): { card: number; cost: number; nextTopCost: number | null } => {
  const cost = state.topCosts[deck] as number
  const random = Random.open(state.rng)
  const card = random.pick(state.unseen[cost] as ReadonlyArray<number>)
  if ((state.deckSizes[deck] as number) <= 1) return { card, cost, nextTopCost: null }
  const showing: number[] = []
  for (let s = 0; s < state.seats; s++) {
    const c = state.topCosts[s]
    if (s !== deck && c !== null && c !== undefined) showing.push(c)
  }
  return { card, cost, nextTopCost: drawTopCost(random, state.unseen, showing, cost) }
}

/** The public card turned up after the top one is taken, or null when none is left (no chance used). */
export const turnUpPublic = (state: State): number | null =>
  state.publicUnseen.length === 0 ? null : Random.open(state.rng).pick(state.publicUnseen)
