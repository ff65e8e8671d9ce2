import { describe, expect, it } from "vitest"
import { simulate } from "../../../kernel/simulate.js"
import { crossing } from "../board.js"
import { manhattan } from "../index.js"
import { legalMoves, pawnsAfter } from "../moves.js"
import { standings } from "../outcome.js"
import type { Board } from "../state.js"
import { Given } from "../testing.js"
import { crossingValue, heuristicBot } from "./heuristic.js"
import { NEXT_ROLL_WEIGHT, nextRollValue, prospects } from "./prospects.js"
import { randomBot } from "./random.js"

/** The next roll's value the long way: every roll of two dice, every legal move (rule text, "Move Pawns"). */
const byEveryMove = (board: Board, seat: number): number => {
  let total = 0
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) {
      let best = 0
      for (const move of legalMoves([a, b], board.pawns[seat] ?? [null, null])) {
        const [p, q] = pawnsAfter(board, seat, move.moves)
        best = Math.max(best, crossingValue(board, seat, crossing(p, q)))
      }
      total += best
    }
  return total / 36
}

const view = (g: Given) => manhattan.view(g.state, { kind: "seat", seat: 0 })

describe("Manhattan prospects (what a search ranks a cut playout by)", () => {
  it("are the standings plus half the next roll's expected value, and 0 for a bankrupt player", () => {
    const g = Given.game(2).board(
      `A2 A1 . . . . .
       . . . . . . .
       . . . . . . .
       . . . . . B1 .
       . . . . . . .
       . . . . . . .
       . . . . . . .`,
      { A: 0, B: 1 },
    )
    const v = view(g.pawns(0, 1, 9).pawns(1, 20, 30))
    const scores = standings.read(v).map((s) => s.score)
    expect(prospects(v)).toEqual(scores.map((s, seat) => s + NEXT_ROLL_WEIGHT * nextRollValue(v, seat)))
    expect(prospects({ ...v, bankrupt: [false, true] })[1]).toBe(0)
  })

  it("tell apart two players level in the standings by where their pawns are aimed", () => {
    // Both have a 2-story building with a free story beside the tower; A's pawns sit on row 1 and column 2
    // and reach his free top (2, 1) with many rolls; B's pawns stand together on a corner.
    const g = Given.game(2)
      .board(
        `A2 A1 . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . B2 B1
         . . . . . . .
         . . . . . . .`,
        { A: 0, B: 1 },
      )
      .pawns(0, 2, 31)
      .pawns(1, 16, 16)
    const v = view(g)
    const [a, b] = standings.read(v).map((s) => s.score)
    expect(a).toBe(b)
    const [pa, pb] = prospects(v) as [number, number]
    expect(pa).toBeGreaterThan(pb)
  })

  it("by the table of moves, the same value as trying every legal move, over whole games (both entry rules)", () => {
    for (const entry of ["corners", "off-board"] as const)
      for (let i = 0; i < 4; i++) {
        const options = { ...manhattan.defaultOptions, entry }
        const bots = [heuristicBot, randomBot, heuristicBot]
        const sim = simulate(manhattan, options, bots, `prospects-${entry}-${i}`)
        let state = manhattan.initial(sim.events[0] as never)
        for (const event of sim.events.slice(1)) {
          state = manhattan.evolve(state, event as never)
          if (state.step.kind === "over") continue
          for (let seat = 0; seat < 3; seat++)
            expect(nextRollValue(state, seat)).toBeCloseTo(byEveryMove(state, seat), 9)
        }
      }
  })
})
