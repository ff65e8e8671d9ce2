import type { Seat } from "../../../kernel/game.js"
import { crossing, RING } from "../board.js"
import { legalMoves, pawnsAfter } from "../moves.js"
import { standings } from "../outcome.js"
import type { Board } from "../state.js"
import { crossingMemo } from "./heuristic.js"

/*
 * A seat's prospects: its standing plus what its pawns can expect to reach with its next roll. A search that
 * cuts its playouts may rank the seats by this (`GameDefinition.prospects`): two players level in height are
 * not level if one of them has his pawns aimed at his own free tops or at a takeover. Measured, IS-MCTS
 * against three heuristic bots: at 8,000 iterations 40/80 sole wins ranked by prospects, 34/80 by the
 * standings; but prospects cost about a third of the iterations, and at one second a decision (9,600
 * iterations) they won 59/137, below the standings' 98/200 at 16,000 — so the search's default stays the
 * standings (the bot-sdk README). Bot knowledge, not a rule: docs/rulings/manhattan.md has no ruling here.
 */

/** How much of the next roll's expected value counts, in score units (a story of height is worth 100). */
export const NEXT_ROLL_WEIGHT = 0.5

/** `CROSSINGS[a * RING + b]`: the cell where pawns on ring squares a and b cross, or −1. */
const CROSSINGS = Int8Array.from(
  { length: RING * RING },
  (_, i) => crossing(Math.floor(i / RING), i % RING) ?? -1,
)

/** The 21 distinct rolls with their weight in 36. */
const ROLLS: ReadonlyArray<readonly [number, number, number]> = Array.from({ length: 6 }, (_, i) =>
  Array.from({ length: 6 - i }, (_, j) => [i + 1, i + 1 + j, j === 0 ? 1 : 2] as const),
).flat()

const crossings = crossingMemo()

/**
 * What the seat can expect from its next roll if the board stays as it is: over the 36 rolls, the best value
 * (the heuristic's `crossingValue`, never below 0) among the crossings its legal moves can reach.
 */
export const nextRollValue = (board: Board, seat: Seat): number => {
  const [p0, p1] = board.pawns[seat] ?? [null, null]
  crossings.start()
  const at = (cell: number | null): number =>
    cell === null || cell < 0 ? 0 : Math.max(0, crossings.value(board, seat, cell))
  let total = 0
  for (const [a, b, weight] of ROLLS) {
    let best = 0
    if (p0 !== null && p1 !== null) {
      // Both pawns on the ring (always, unless the off-board entry variant is on): the moves by table.
      const pair = (x: number, y: number) =>
        at(CROSSINGS[((x + 2 * RING) % RING) * RING + ((y + 2 * RING) % RING)] as number)
      const t = a + b
      best = Math.max(
        pair(p0 + t, p1),
        pair(p0 - t, p1),
        pair(p0, p1 + t),
        pair(p0, p1 - t),
        pair(p0 + a, p1 + b),
        pair(p0 + a, p1 - b),
        pair(p0 - a, p1 + b),
        pair(p0 - a, p1 - b),
        pair(p0 + b, p1 + a),
        pair(p0 + b, p1 - a),
        pair(p0 - b, p1 + a),
        pair(p0 - b, p1 - a),
      )
    } else
      for (const move of legalMoves([a, b], [p0, p1])) {
        const [x, y] = pawnsAfter(board, seat, move.moves)
        best = Math.max(best, at(crossing(x, y)))
      }
    total += weight * best
  }
  return total / 36
}

/** Each seat's standing score plus `NEXT_ROLL_WEIGHT` of its next roll's expected value (0 once bankrupt). */
export const prospects = (view: Board): number[] =>
  standings
    .read(view)
    .map((standing, seat) =>
      view.bankrupt[seat] ? 0 : standing.score + NEXT_ROLL_WEIGHT * nextRollValue(view, seat),
    )
