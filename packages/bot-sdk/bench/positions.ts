import { type Match, play, Random, start } from "@boroughs/core"
import { type State as DowntownState, downtown } from "@boroughs/core/games/downtown"
import { Result } from "effect"

// Positions and the bare-playout baseline shared by the IS-MCTS benches (in the runner and in plain Node).

export const SEATS = 4

const opened = start(downtown, undefined, SEATS, "bench")
if (Result.isFailure(opened)) throw new Error(opened.failure.message)

/** A Downtown position where seat 0 owes a decision of `kind` after at least `moves` random commands. */
export const positionAfter = (moves: number, kind: string): Match => {
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

/** The baseline: a uniform random playout from `from` to the game's end through the kernel's play(). */
export const randomPlayout = (from: Match, random: Random): Match => {
  let match = from
  while (match.ended === null) {
    const seat = downtown.pending(match.state as DowntownState)[0]?.seat as number
    const played = play(match, seat, random.pick(downtown.legalCommands(match.state as DowntownState, seat)))
    if (Result.isFailure(played)) throw new Error(played.failure.message)
    match = played.success.match
  }
  return match
}

/** The two positions both benches measure. */
export const POSITIONS: ReadonlyArray<readonly [string, Match]> = [
  ["the opening (its first zoning draw)", positionAfter(0, "zoning")],
  ["mid-game (its secret dial, the others' set, after 60 commands)", positionAfter(60, "dial")],
]
