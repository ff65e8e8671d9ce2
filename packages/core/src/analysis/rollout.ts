import { Result } from "effect"
import type { Bot } from "../kernel/bot.js"
import type { AnyGame, Decision, GameEnded, Seat, Typed } from "../kernel/game.js"
import { MAX_AUTOMATIC_STEPS, rulesEnding } from "../kernel/match.js"
import { isOrganiserEvent } from "../kernel/organiser.js"
import type { Random } from "../kernel/random.js"

/** How a rollout picks a seat's command: from the full state, which analysis of a finished game may read. */
export type RolloutPolicy = (game: AnyGame, state: unknown, seat: Seat, random: Random) => Typed

/**
 * The game's heuristic bot shown each seat's own view, with an `epsilon` share of uniform choices: games
 * between heuristic players are what the estimates are calibrated against, and the uniform share keeps
 * rollouts from one position varied. A game without a heuristic bot plays uniformly.
 */
export const heuristicPolicy =
  (bot: Bot | undefined, epsilon: number): RolloutPolicy =>
  (game, state, seat, random) => {
    const legal = game.legalCommands(state, seat)
    if (legal.length === 0)
      throw new Error(`${game.id}: seat ${seat} owes a decision but has no legal command`)
    if (bot === undefined || legal.length === 1 || random.int(0, 9_999) < epsilon * 10_000)
      return random.pick(legal)
    return bot.choose({ seat, view: game.view(state, { kind: "seat", seat }), legal, random })
  }

/** The state after the automatic steps the rules take on their own (draws, reveals, scoring). */
export const settled = (game: AnyGame, state: unknown): unknown => {
  for (let step = 0; ; step++) {
    const auto = game.advance(state)
    if (auto.length === 0) return state
    if (step === MAX_AUTOMATIC_STEPS)
      throw new Error(`${game.id}: advance still emits events after ${MAX_AUTOMATIC_STEPS} steps`)
    for (const e of auto) if (!isOrganiserEvent(e)) state = game.evolve(state, e)
  }
}

/** The state after a seat's command and everything the rules do on their own after it. */
export const afterCommand = (game: AnyGame, state: unknown, seat: Seat, command: Typed): unknown => {
  const decided = game.decide(state, seat, command)
  if (Result.isFailure(decided))
    throw new Error(`${game.id}: ${JSON.stringify(command)} refused: ${decided.failure.rule}`)
  for (const e of decided.success) state = game.evolve(state, e)
  return settled(game, state)
}

/**
 * Plays a game on from `state` to its end: every owing seat's command from `policy`, the rules' automatic
 * steps after each. Pure and seeded by `random`; throws past `maxCommands` (a game bug, not a result).
 */
export const playOut = (
  game: AnyGame,
  state: unknown,
  policy: RolloutPolicy,
  random: Random,
  maxCommands = 20_000,
): GameEnded => {
  state = settled(game, state)
  for (let played = 0; played <= maxCommands; ) {
    const ending = rulesEnding(game, state, "rollout")
    if (ending !== null) return ending
    const decisions = game.pending(state)
    if (decisions.length === 0)
      throw new Error(`${game.id}: nobody owes a decision but the game has not ended`)
    const { seat } = decisions[0] as Decision
    state = afterCommand(game, state, seat, policy(game, state, seat, random))
    played++
  }
  throw new Error(`${game.id}: a rollout did not end within ${maxCommands} commands`)
}

/** Each seat's share of the win in an outcome: 1 for a sole winner, split between tied winners. */
export const winShares = (ranks: ReadonlyArray<number>): number[] => {
  let winners = 0
  for (const r of ranks) if (r === 1) winners++
  return ranks.map((r) => (r === 1 ? 1 / winners : 0))
}
