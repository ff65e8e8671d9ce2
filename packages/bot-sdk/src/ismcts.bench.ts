import { Random, type Typed } from "@boroughs/core"
import {
  type State as DowntownState,
  downtown,
  heuristicBot as downtownHeuristicBot,
} from "@boroughs/core/games/downtown"
import { bench, describe } from "vitest"
import { POSITIONS, randomPlayout, SEATS } from "../bench/positions.js"
import { botPlayout, isMctsSearch, randomPlayout as uniform } from "./bots/ismcts.js"

/*
 * IS-MCTS iterations per second on Downtown, 4 seats, each iteration a full random playout to the game's
 * end, against the baseline of the same work without the search: a bare random playout from the same
 * position through the kernel's play(). iterations/s = ops/s × ITERATIONS; the ratio of the two lines is
 * the search's overhead (determinising, the tree walk) over the playouts themselves.
 */
const ITERATIONS = 50
/** Long runs with a warm-up: the machine is shared. */
const TIMING = { time: 5_000, warmupTime: 500 }

for (const [label, match] of POSITIONS) {
  const view = downtown.view(match.state as DowntownState, { kind: "seat", seat: 0 })
  const legal = downtown.legalCommands(match.state as DowntownState, 0) as ReadonlyArray<Typed>
  describe(`Downtown ${SEATS} seats, seat 0 at ${label} (${legal.length} legal commands)`, () => {
    let n = 0
    bench(
      `baseline: ${ITERATIONS} bare random playouts from the real position (play() to the end)`,
      () => {
        for (let i = 0; i < ITERATIONS; i++) randomPlayout(match, Random.fromKey(`b${n++}`))
      },
      TIMING,
    )
    bench(
      `IS-MCTS: ${ITERATIONS} iterations (determinise from the view, tree walk, full random playout)`,
      () => {
        isMctsSearch(
          downtown,
          view,
          0,
          legal,
          Random.fromKey(`s${n++}`),
          { iterations: ITERATIONS },
          { playout: uniform, prior: null },
        )
      },
      TIMING,
    )
    bench(
      `IS-MCTS: ${ITERATIONS} iterations with heuristic playouts (the bot's default: the game's heuristic, 10% uniform)`,
      () => {
        isMctsSearch(
          downtown,
          view,
          0,
          legal,
          Random.fromKey(`h${n++}`),
          { iterations: ITERATIONS },
          { playout: botPlayout(downtownHeuristicBot) },
        )
      },
      TIMING,
    )
  })
}
