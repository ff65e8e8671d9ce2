import type { Outcome, Seat, SeatStanding } from "../../kernel/game.js"
import type { Board, Building } from "./state.js"

/**
 * A seat's best building: the tallest, then the one with most blocks (rule text, "Game End"). Height and
 * blocks are 0 for a seat without buildings.
 */
export const bestBuilding = (
  board: Board,
  seat: Seat,
): { readonly height: number; readonly blocks: number } => {
  let height = 0
  let blocks = 0
  for (const id of board.towers[seat] ?? []) {
    if (id === null) continue
    const b = board.buildings[id] as Building
    if (b.height > height || (b.height === height && b.blocks > blocks)) {
      height = b.height
      blocks = b.blocks
    }
  }
  return { height, blocks }
}

/**
 * The result once the game is over. Players still in the game rank by their tallest building, then by the
 * blocks in it; a tie on both shares the rank (a shared win). Bankrupt players rank below them, the last
 * to go bankrupt best. Score = height × 100 + blocks of the best building (0 when bankrupt).
 */
export const outcome = (board: Board): Outcome | null => {
  if (board.step.kind !== "over") return null
  const scores = Array.from({ length: board.seats }, (_, seat) => {
    if (board.bankrupt[seat]) return 0
    const best = bestBuilding(board, seat)
    return best.height * 100 + best.blocks
  })
  const solvent = scores.filter((_, seat) => !board.bankrupt[seat])
  const ranks = scores.map((score, seat) => {
    if (!board.bankrupt[seat]) return 1 + solvent.filter((s) => s > score).length
    return solvent.length + (board.eliminated.length - board.eliminated.indexOf(seat))
  })
  return { ranks, scores }
}

/** The best building as `outcome` scores it (height × 100 + blocks, 0 once bankrupt); no money in this game. */
export const standings = {
  scoreLabel: "best building (height × 100 + blocks)",
  read: (view: Board): SeatStanding[] =>
    Array.from({ length: view.seats }, (_, seat) => {
      if (view.bankrupt[seat]) return { score: 0, money: null }
      const best = bestBuilding(view, seat)
      return { score: best.height * 100 + best.blocks, money: null }
    }),
}
