import type { LegalByIndex, Seat } from "../../kernel/game.js"
import { listedByIndex, NO_LEGAL, noLegalAt } from "../../kernel/legal.js"
import type { BasicTile, Command } from "./commands.js"
import { tileDef } from "./data/tiles.js"
import type { Hex } from "./hex.js"
import { affordableDiscards, BASICS, basicCost, investmentCost } from "./market.js"
import type { Board, PlacedTile, State } from "./state.js"

const PASS: Command = Object.freeze({ type: "Pass" })
const ONLY_PASS: LegalByIndex<Command> = listedByIndex([PASS])

/**
 * Every action I a player may take now (rule text, "Take and place 1 tile or place 1 Investment Marker"), in
 * this order: buy an affordable market tile, take any market tile as a lake, buy an available basic tile —
 * each onto any open hex — or invest in an own tile without a marker. `Pass` only when none is possible.
 * Counted, each built when asked for: a player has about 80 (up to 340), and a uniform bot plays one.
 */
export const actionsByIndex = (board: Board, player: number): LegalByIndex<Command> => {
  const b = board.players[player]
  if (!b) return NO_LEGAL
  const { money, open } = b
  const { market, surcharges } = board
  const bought: number[] = []
  const lakes: number[] = []
  for (let slot = 0; slot < market.length; slot++) {
    const id = market[slot]
    if (id == null) continue
    const surcharge = surcharges[slot] as number
    if (tileDef(id).cost + surcharge <= money) bought.push(slot)
    if (surcharge <= money) lakes.push(slot)
  }
  const basics: BasicTile[] = []
  for (const tile of BASICS) if (board.basic[tile] > 0 && basicCost(tile) <= money) basics.push(tile)
  const invested: PlacedTile[] = []
  if (b.investments > 0)
    for (const t of b.tiles) if (!t.invested && investmentCost(t) <= money) invested.push(t)
  // Each tile (a slot bought or made a lake, a basic) goes onto any open hex: hex varies fastest.
  const hexes = open.length
  const placements = (bought.length + lakes.length + basics.length) * hexes
  const count = placements + invested.length
  if (count === 0) return ONLY_PASS
  const at = (index: number): Command => {
    if (!(index >= 0 && index < count)) return noLegalAt(index, count)
    if (index >= placements) {
      const t = invested[index - placements] as PlacedTile
      return { type: "PlaceInvestment", q: t.q, r: t.r }
    }
    const { q, r } = open[index % hexes] as Hex
    let k = Math.floor(index / hexes)
    if (k < bought.length) return { type: "BuyTile", slot: bought[k] as number, q, r }
    k -= bought.length
    if (k < lakes.length) return { type: "BuildLake", slot: lakes[k] as number, q, r }
    return { type: "BuyBasicTile", tile: basics[k - lakes.length] as BasicTile, q, r }
  }
  return { count, at }
}

/** Every action a player may take now, built (see `actionsByIndex`). */
export const actionCommands = (board: Board, player: number): Command[] => {
  const { count, at } = actionsByIndex(board, player)
  const out: Command[] = []
  for (let i = 0; i < count; i++) out.push(at(i))
  return out
}

/** Every command the seat may play now, and no other (empty when it owes nothing), counted. */
export const legalByIndex = (state: State, seat: Seat): LegalByIndex<Command> => {
  switch (state.step) {
    case "goals": {
      const dealt = state.dealt[seat]
      if (!dealt || state.goalKept[seat]) return NO_LEGAL
      return listedByIndex(dealt.map((goal) => ({ type: "KeepGoal", goal })))
    }
    case "action":
      return seat === state.current ? actionsByIndex(state, seat) : NO_LEGAL
    case "discard":
      return seat === state.current
        ? listedByIndex(affordableDiscards(state, seat).map((slot) => ({ type: "DiscardTile", slot })))
        : NO_LEGAL
    default:
      return NO_LEGAL
  }
}

/** Every command the seat may play now, and no other (empty when it owes nothing). */
export const legalCommands = (state: State, seat: Seat): ReadonlyArray<Command> => {
  const { count, at } = legalByIndex(state, seat)
  const out: Command[] = []
  for (let i = 0; i < count; i++) out.push(at(i))
  return out
}

/**
 * The mildest of a list of legal commands: the first goal drawn; the cheapest available basic tile on the
 * first open hex (else a lake from the cheapest, rightmost slot; else the first legal action); the cheapest
 * discard, the rightmost on a tie.
 */
export const mildest = (board: Board, legal: ReadonlyArray<Command>): Command => {
  const first = legal[0]
  if (!first) throw new Error("suburbia: no legal command")
  let best = first
  let bestKey = Number.POSITIVE_INFINITY
  for (const c of legal) {
    const key =
      c.type === "BuyBasicTile"
        ? basicCost(c.tile)
        : c.type === "BuildLake"
          ? 100 + (board.surcharges[c.slot] as number) - c.slot / 100
          : c.type === "DiscardTile"
            ? (board.surcharges[c.slot] as number) - c.slot / 100
            : 1000
    if (key < bestKey) {
      best = c
      bestKey = key
    }
  }
  return best
}

/** What a clock timeout plays: the mildest legal choice (see `mildest`). */
export const defaultCommand = (state: State, seat: Seat): Command => {
  const legal = legalCommands(state, seat)
  if (legal.length === 0) throw new Error(`suburbia: seat ${seat} owes no decision`)
  return mildest(state, legal)
}
