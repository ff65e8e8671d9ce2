import type { Seat } from "../../kernel/game.js"
import type { Command } from "./commands.js"
import { tileDef } from "./data/tiles.js"
import { affordableDiscards, BASICS, basicCost, investmentCost } from "./market.js"
import type { Board, State } from "./state.js"

const PASS: Command = Object.freeze({ type: "Pass" })

/**
 * Every action I a player may take now (rule text, "Take and place 1 tile or place 1 Investment Marker"):
 * buy an affordable market tile, take any market tile as a lake, buy an available basic tile — each onto
 * any open hex — or invest in an own tile without a marker. `Pass` only when none is possible.
 */
export const actionCommands = (board: Board, player: number): Command[] => {
  const b = board.players[player]
  if (!b) return []
  const { money, open } = b
  const out: Command[] = []
  const { market, surcharges } = board
  for (let slot = 0; slot < market.length; slot++) {
    const id = market[slot]
    if (id == null || tileDef(id).cost + (surcharges[slot] as number) > money) continue
    for (const h of open) out.push({ type: "BuyTile", slot, q: h.q, r: h.r })
  }
  for (let slot = 0; slot < market.length; slot++) {
    if (market[slot] == null || (surcharges[slot] as number) > money) continue
    for (const h of open) out.push({ type: "BuildLake", slot, q: h.q, r: h.r })
  }
  for (const tile of BASICS) {
    if (board.basic[tile] <= 0 || basicCost(tile) > money) continue
    for (const h of open) out.push({ type: "BuyBasicTile", tile, q: h.q, r: h.r })
  }
  if (b.investments > 0)
    for (const t of b.tiles)
      if (!t.invested && investmentCost(t) <= money) out.push({ type: "PlaceInvestment", q: t.q, r: t.r })
  if (out.length === 0) out.push(PASS)
  return out
}

/** Every command the seat may play now, and no other (empty when it owes nothing). */
export const legalCommands = (state: State, seat: Seat): ReadonlyArray<Command> => {
  switch (state.step) {
    case "goals": {
      const dealt = state.dealt[seat]
      if (!dealt || state.goalKept[seat]) return []
      return dealt.map((goal) => ({ type: "KeepGoal", goal }))
    }
    case "action":
      return seat === state.current ? actionCommands(state, seat) : []
    case "discard":
      return seat === state.current
        ? affordableDiscards(state, seat).map((slot) => ({ type: "DiscardTile", slot }))
        : []
    default:
      return []
  }
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
