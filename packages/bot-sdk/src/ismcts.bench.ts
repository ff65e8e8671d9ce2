import { type Match, play, Random, start, type Typed } from "@boroughs/core"
import { type DowntownState, downtown, downtownHeuristicBot } from "@boroughs/core/games/downtown"
import { Result } from "effect"
import { bench, describe } from "vitest"
import { botPlayout, isMctsSearch } from "./bots/ismcts.js"

/*
 * IS-MCTS iterations per second on Downtown, 4 seats, each iteration a full random playout to the game's
 * end, against the baseline of the same work without the search: a bare random playout from the same
 * position through the kernel's play(). iterations/s = ops/s × ITERATIONS; the ratio of the two lines is
 * the search's overhead (determinising, the tree walk) over the playouts themselves.
 */
const SEATS = 4
const ITERATIONS = 50
/** Long runs with a warm-up: the machine is shared. */
const TIMING = { time: 5_000, warmupTime: 500 }

const opened = start(downtown, undefined, SEATS, "bench")
if (Result.isFailure(opened)) throw new Error(opened.failure.message)

/** A position where seat 0 owes a decision of `kind` after at least `moves` random commands. */
const positionAfter = (moves: number, kind: string): Match => {
  let match = opened.success.match
  const random = Random.fromKey(`position-${moves}`)
  for (let i = 0; ; i++) {
    const state = match.state as DowntownState
    const owing = downtown.pending(state)
    if (i >= moves && owing.some((d) => d.seat === 0 && d.kind === kind)) return match
    const seat = (owing.find((d) => d.seat !== 0) ?? owing[0])?.seat as number
    const played = play(match, seat, random.pick(downtown.legalCommands(state, seat)))
    if (Result.isFailure(played)) throw new Error(played.failure.message)
    match = played.success.match
  }
}

const randomPlayout = (from: Match, random: Random): Match => {
  let match = from
  while (match.ended === null) {
    const seat = downtown.pending(match.state as DowntownState)[0]?.seat as number
    const played = play(match, seat, random.pick(downtown.legalCommands(match.state as DowntownState, seat)))
    if (Result.isFailure(played)) throw new Error(played.failure.message)
    match = played.success.match
  }
  return match
}

for (const [label, match] of [
  ["the opening (its first zoning draw)", positionAfter(0, "zoning")],
  ["mid-game (its secret dial, the others' set, after 60 commands)", positionAfter(60, "dial")],
] as const) {
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
        isMctsSearch(downtown, view, 0, legal, Random.fromKey(`s${n++}`), { iterations: ITERATIONS })
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
