import { neighboursOf, SPACES_PER_ZONE } from "../board.js"
import type { Construction, VoteType } from "../data.js"
import { isDesirable } from "../valuation.js"
import type { View } from "../view.js"

/** A board as the heuristic bot reads it from its view. */
export type BoardView = View["zones"]

/** Share of an unconstructed neighbour counted in a zone's expected base value (built before it scores). */
const LATER_NEIGHBOUR = 0.5

/** Probability that an unconstructed neighbour ends up as each type (roughly even among the three). */
const P_TYPE = 1 / 3

/** Probability that a construction of type `type` on `zone` is desirable, neighbours not yet built counted at random. */
export const desirableChance = (board: BoardView, zone: number, type: Construction): number => {
  const around = neighboursOf(zone).map((n) => board[n - 1]?.construction ?? null)
  const unknown = around.filter((c) => c === null).length
  if (unknown === 0) return isDesirable(type, around) ? 1 : 0
  let housing = 0
  let industry = 0
  let commerce = 0
  for (const c of around) {
    if (c === "housing") housing++
    else if (c === "industry") industry++
    else if (c === "commerce") commerce++
  }
  switch (type) {
    case "housing":
      return industry > 0 ? 0 : (1 - P_TYPE) ** unknown
    case "industry":
      return commerce > 0 ? 1 : 1 - (1 - P_TYPE) ** unknown
    case "commerce": {
      const need = 2 - housing
      if (need <= 0) return 1
      const none = (1 - P_TYPE) ** unknown
      if (need === 1) return 1 - none
      return 1 - none - unknown * P_TYPE * (1 - P_TYPE) ** (unknown - 1)
    }
    case "park":
      return 0
  }
}

/** Expected value of one space of `zone` if it holds `type`: expected neighbours × expected multiplier. */
export const spaceValue = (board: BoardView, zone: number, type: Construction): number => {
  let built = 0
  let unbuilt = 0
  for (const n of neighboursOf(zone)) {
    if (board[n - 1]?.construction) built++
    else unbuilt++
  }
  return (built + LATER_NEIGHBOUR * unbuilt) * (1 + desirableChance(board, zone, type))
}

/** Expected space value of a zone whatever it becomes (its own type, or the mean over `types`). */
export const expectedSpaceValue = (
  board: BoardView,
  zone: number,
  types: ReadonlyArray<VoteType>,
): number => {
  const c = board[zone - 1]?.construction
  if (c) return spaceValue(board, zone, c)
  let sum = 0
  for (const t of types) sum += spaceValue(board, zone, t)
  return types.length > 0 ? sum / types.length : 0
}

/** How many spaces of `zone` each seat holds. */
export const holdings = (board: BoardView, zone: number, seats: number): number[] => {
  const out = new Array<number>(seats).fill(0)
  for (const s of board[zone - 1]?.markers ?? []) out[s] = (out[s] ?? 0) + 1
  return out
}

/** Free spaces left in a zone. */
export const freeSpaces = (board: BoardView, zone: number): number =>
  SPACES_PER_ZONE - (board[zone - 1]?.markers.length ?? SPACES_PER_ZONE)

/** A board with one zone's construction set (what a vote would make of it). */
export const withConstruction = (board: BoardView, zone: number, type: Construction): BoardView =>
  board.map((z) => (z.zone === zone ? { ...z, construction: type } : z))
