import type { Outcome, SeatStanding } from "../../kernel/game.js"
import { lotsOwned, vocationTiles } from "./board.js"
import type { Board } from "./state.js"

/** Most prestige wins; ties: wealth, lots owned, vocation tiles, else shared (rules §9). */
const key = (board: Board, seat: number): number[] => {
  const p = board.players[seat] as Board["players"][number]
  return [p.prestige, p.wealth, lotsOwned(board, seat), vocationTiles(board, seat)]
}

const beats = (a: number[], b: number[]): boolean => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] as number) > (b[i] as number)
  return false
}

export const outcome = (board: Board): Outcome | null => {
  if (board.phase !== "over") return null
  const keys = board.players.map((_, s) => key(board, s))
  return {
    ranks: keys.map((k) => 1 + keys.filter((o) => beats(o, k)).length),
    scores: board.players.map((p) => p.prestige),
  }
}

/** Most prestige leads (wealth breaks ties); wealth is the money. */
export const standings = {
  scoreLabel: "prestige",
  read: (view: Pick<Board, "players">): SeatStanding[] =>
    view.players.map((p) => ({ score: p.prestige, money: p.wealth })),
}
