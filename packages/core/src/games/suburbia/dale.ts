/**
 * Dale the bot's choices (rule text, "Solo Game 2: Dale the Bot"): he takes the most expensive tile in the
 * market — printed cost plus surcharge, the leftmost on a tie — and puts it where it raises his income plus
 * reputation the most once every interaction has resolved, red lines included; ties favour reputation, then
 * the open hex nearest the borough board, then the leftmost (ruling). The same choice serves the solo rules
 * (where he pays $3) and the `dale` bot of a standard game (where he pays the normal price).
 */
import { tileDef } from "./data/tiles.js"
import type { Change } from "./events.js"
import type { Hex } from "./hex.js"
import { type Payment, resolvePlacement } from "./resolve.js"
import type { Board } from "./state.js"

/** The slot Dale buys from among `slots` (non-empty market slots): the priciest, the leftmost on a tie. */
export const daleSlot = (board: Board, slots: ReadonlyArray<number>): number | null => {
  let best: number | null = null
  let price = Number.NEGATIVE_INFINITY
  for (const s of slots) {
    const id = board.market[s]
    if (id == null) continue
    const p = tileDef(id).cost + (board.surcharges[s] ?? 0)
    if (p > price || (p === price && best !== null && s < best)) {
      best = s
      price = p
    }
  }
  return best
}

/** How much a placement's changes raise one player's income and reputation (clamped tracks). */
export const trackGain = (board: Board, player: number, changes: ReadonlyArray<Change>) => {
  const b = board.players[player]
  let income = b?.income ?? 0
  let reputation = b?.reputation ?? 0
  for (const c of changes) {
    if (c.player !== player) continue
    if (c.stat === "income") income = c.value
    else if (c.stat === "reputation") reputation = c.value
  }
  return { income: income - (b?.income ?? 0), reputation: reputation - (b?.reputation ?? 0) }
}

/** Open hexes in Dale's order of preference on a tie: nearest the borough board (smallest 2r + q), then leftmost. */
export const byBoardDistance = (open: ReadonlyArray<Hex>): Hex[] =>
  open.slice().sort((a, b) => 2 * a.r + a.q - (2 * b.r + b.q) || a.q - b.q)

/** Where Dale puts the tile of `slot`, and what that placement changes. */
export const dalePlacement = (
  board: Board,
  player: number,
  slot: number,
  payments: ReadonlyArray<Payment>,
): { hex: Hex; changes: Change[] } => {
  const id = board.market[slot]
  if (id == null) throw new Error(`suburbia: Dale cannot buy from empty slot ${slot}`)
  let best: { hex: Hex; changes: Change[]; sum: number; reputation: number } | null = null
  for (const hex of byBoardDistance(board.players[player]?.open ?? [])) {
    const changes = resolvePlacement(board, { player, tile: id, lake: false, q: hex.q, r: hex.r, payments })
    const gain = trackGain(board, player, changes)
    const sum = gain.income + gain.reputation
    if (!best || sum > best.sum || (sum === best.sum && gain.reputation > best.reputation))
      best = { hex, changes, sum, reputation: gain.reputation }
  }
  if (!best) throw new Error("suburbia: Dale has no open hex")
  return { hex: best.hex, changes: best.changes }
}
