import type { BasicTile } from "./commands.js"
import { BASIC_TILE_IDS, DALE_PRICE } from "./data/rules.js"
import { tileDef } from "./data/tiles.js"
import type { Payment } from "./resolve.js"
import type { Board, PlacedTile } from "./state.js"

/** The basic tiles, in the order the supply shows them. */
export const BASICS: ReadonlyArray<BasicTile> = BASIC_TILE_IDS

/** The tile in a market slot, or null (empty or out of range). */
export const tileAt = (board: Board, slot: number): string | null => board.market[slot] ?? null

/** What buying the tile in `slot` costs: the printed cost, then the slot's surcharge (rule text). */
export const purchase = (board: Board, slot: number): Payment[] => {
  const id = tileAt(board, slot)
  if (id === null) throw new Error(`suburbia: market slot ${slot} is empty`)
  return [
    { item: "tile", amount: tileDef(id).cost },
    { item: "surcharge", amount: board.surcharges[slot] ?? 0 },
  ]
}

/** A lake costs only the slot's surcharge (rule text). */
export const lakePurchase = (board: Board, slot: number): Payment[] => [
  { item: "surcharge", amount: board.surcharges[slot] ?? 0 },
]

/** Dale pays $3 for any tile, or all he has when he has less (ruling). */
export const dalePurchase = (money: number): Payment[] => [
  { item: "dale-price", amount: Math.min(DALE_PRICE, money) },
]

/** Total of a list of payments. */
export const total = (payments: ReadonlyArray<Payment>): number => payments.reduce((s, p) => s + p.amount, 0)

/** An investment costs the tile's printed cost again; a lake's is $0 (rulebook example). */
export const investmentCost = (t: PlacedTile): number => (t.lake ? 0 : tileDef(t.tile).cost)

/** The cost of a basic tile. */
export const basicCost = (tile: BasicTile): number => tileDef(tile).cost

/**
 * The market after the tile in `slot` leaves it. Standard game: the tiles to its left slide right to fill
 * the gap and the leftmost slot empties (rule text, IV). Against Dale nothing moves (rule text, Dale).
 */
export const withoutSlot = (board: Board, slot: number): Array<string | null> => {
  if (board.solo) return board.market.map((t, i) => (i === slot ? null : t))
  const out = board.market.slice()
  for (let i = slot; i > 0; i--) out[i] = out[i - 1] ?? null
  out[0] = null
  return out
}

/** Market slots whose tile the player can discard (pay the surcharge for), left to right. */
export const affordableDiscards = (board: Board, player: number): number[] => {
  const money = board.players[player]?.money ?? 0
  const out: number[] = []
  for (let s = 0; s < board.market.length; s++)
    if (board.market[s] !== null && (board.surcharges[s] ?? 0) <= money) out.push(s)
  return out
}
