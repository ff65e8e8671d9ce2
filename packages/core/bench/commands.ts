import { Result } from "effect"
import { bench, describe } from "vitest"
import type { Bot } from "../src/kernel/bot.js"
import type { AnyGame, Seat, Typed } from "../src/kernel/game.js"
import { type Match, play, start } from "../src/kernel/match.js"
import { simulate } from "../src/kernel/simulate.js"

/**
 * Helpers the `*.bench.ts` files share (not published; `pnpm bench` runs them). Every bench prints a
 * baseline measured in the same run, so a ratio survives a loaded machine where absolute rates do not.
 */

/** Long runs with a warm-up: the machine is shared, and short samples swing by ±10%. */
export const TIMING = { time: 3000, warmupTime: 500 }

/** A recorded game: the match as `start` opened it and the commands its bots played, in order. */
export interface Recorded {
  readonly match: Match
  readonly commands: ReadonlyArray<{ readonly seat: Seat; readonly command: Typed }>
}

/** `count` self-played games (seeds `${prefix}-0`, `${prefix}-1`, …) to replay command by command. */
export const recordGames = (
  game: AnyGame,
  options: unknown,
  bots: ReadonlyArray<Bot>,
  count: number,
  prefix = "bench",
): ReadonlyArray<Recorded> =>
  Array.from({ length: count }, (_, i) => {
    const seed = `${prefix}-${i}`
    const opened = start(game, options, bots.length, seed)
    if (Result.isFailure(opened)) throw new Error(opened.failure.message)
    const { commands } = simulate(game, options, bots, seed, { keepEvents: false })
    return { match: opened.success.match, commands }
  })

/** The rules calls play() makes, without the match wrapper: decide, evolve, advance to rest, outcome. */
export const bareReplay = (game: AnyGame, recorded: Recorded): unknown => {
  let state = recorded.match.state
  for (const { seat, command } of recorded.commands) {
    const decided = game.decide(state, seat, command)
    if (Result.isFailure(decided)) throw new Error(decided.failure.message)
    for (const e of decided.success) state = game.evolve(state, e)
    for (let auto = game.advance(state); auto.length > 0; auto = game.advance(state))
      for (const e of auto) state = game.evolve(state, e)
    game.outcome(state)
  }
  return state
}

/** The same commands through the kernel's play(): seat check, decide, fold, automatic steps, GameEnded. */
export const playReplay = (recorded: Recorded): Match => {
  let match = recorded.match
  for (const { seat, command } of recorded.commands) {
    const result = play(match, seat, command)
    if (Result.isFailure(result)) throw new Error(result.failure.message)
    match = result.success.match
  }
  return match
}

/**
 * The kernel's overhead on a game: the commands of recorded games replayed through play(), against the
 * bare decide/evolve/advance loop as baseline. commands/s = ops/s × the count in the title.
 */
export const commandBenches = (
  title: string,
  game: AnyGame,
  games: ReadonlyArray<Recorded>,
  /** Runs before each iteration of either bench (e.g. to put a hasher in place); keep it cheap. */
  prepare: () => void = () => {},
): void => {
  const commands = games.reduce((total, g) => total + g.commands.length, 0)
  describe(`${title}: ${commands} commands of ${games.length} recorded games (commands/s = ops/s × ${commands})`, () => {
    bench(
      "baseline: bare decide/evolve/advance loop",
      () => {
        prepare()
        for (const g of games) bareReplay(game, g)
      },
      TIMING,
    )
    bench(
      "through play()",
      () => {
        prepare()
        for (const g of games) playReplay(g)
      },
      TIMING,
    )
  })
}
