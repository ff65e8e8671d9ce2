import { Result, Schema } from "effect"
import { sha256Hex } from "./canonical.js"
import type { AnyGame, Decision, GameEnded, GameStarted, Outcome, Seat, Typed, Viewer } from "./game.js"
import { isOrganiserEvent } from "./organiser.js"
import { type RuleViolation, violation } from "./violation.js"

/**
 * A game in progress as the kernel holds it: the game's own state plus what every game shares.
 * `events` counts the events folded so far (the stream version).
 */
export interface Match<State = unknown> {
  readonly game: AnyGame
  readonly state: State
  readonly seed: string
  readonly ended: GameEnded | null
  readonly events: number
}

/** The SHA-256 commitment to a seed, published in GameStarted. */
export const seedCommitment = (seed: string): string => sha256Hex(`boroughs/seed/${seed}`)

/** The GameStarted event of a new game. */
export const gameStarted = (game: AnyGame, options: unknown, seats: number, seed: string): GameStarted => ({
  type: "GameStarted",
  game: game.id,
  rulesVersion: game.rulesVersion,
  options,
  seats,
  seed,
  seedCommitment: seedCommitment(seed),
})

/** The decoded options when a game may start with them at this many seats, else the rule it breaks. */
const checkSetup = (
  game: AnyGame,
  options: unknown,
  seats: number,
): Result.Result<unknown, RuleViolation> => {
  if (!Number.isInteger(seats) || seats < game.seats.min || seats > game.seats.max)
    return Result.fail(
      violation(
        "kernel.setup.seat-count",
        `${game.id} is played by ${game.seats.min}–${game.seats.max} seats, not ${seats}`,
      ),
    )
  // validateSetup is typed for decoded options: check the shape first, so a game never sees malformed ones.
  const decoded = Schema.decodeUnknownResult(game.schemas.options)(options ?? game.defaultOptions)
  if (Result.isFailure(decoded))
    return Result.fail(violation("kernel.setup.options", `${game.id} options: ${decoded.failure.message}`))
  const bad = game.validateSetup(decoded.success, seats)
  return bad ? Result.fail(bad) : Result.succeed(decoded.success)
}

/** Why a game cannot start with these options (its defaults when none) at this many seats; null when it can. */
export const setupProblem = (game: AnyGame, options: unknown, seats: number): RuleViolation | null => {
  const checked = checkSetup(game, options, seats)
  return Result.isFailure(checked) ? checked.failure : null
}

/**
 * The seat counts a game starts with under these options (its defaults when none are given): `game.seats`
 * spans every option, so Downtown's is 2–6 while its standard game is 3–6. Null when no count fits.
 */
export const seatRange = (
  game: AnyGame,
  options?: unknown,
): { readonly min: number; readonly max: number } | null => {
  let min: number | null = null
  let max: number | null = null
  for (let n = game.seats.min; n <= game.seats.max; n++)
    if (Result.isSuccess(checkSetup(game, options, n))) {
      min ??= n
      max = n
    }
  return min === null || max === null ? null : { min, max }
}

/**
 * Creates a game: decodes the options (the game's defaults when none are given) with the game's schema,
 * validates the setup, then returns its opening events (GameStarted, setup draws and any automatic steps)
 * and the match they fold to.
 */
export const start = (
  game: AnyGame,
  options: unknown,
  seats: number,
  seed: string,
): Result.Result<{ match: Match; events: ReadonlyArray<Typed> }, RuleViolation> => {
  const checked = checkSetup(game, options, seats)
  if (Result.isFailure(checked)) return Result.fail(checked.failure)
  const started = gameStarted(game, checked.success, seats, seed)
  let match: Match = { game, state: game.initial(started), seed, ended: null, events: 1 }
  const setupEvents = game.setup(started)
  const events: Typed[] = [started]
  // setup returns [started, ...draws]; tolerate a game that leaves GameStarted out rather than drop a draw.
  for (let i = setupEvents[0]?.type === "GameStarted" ? 1 : 0; i < setupEvents.length; i++) {
    const e = setupEvents[i] as Typed
    match = apply(match, e)
    events.push(e)
  }
  return Result.succeed(settle(match, events))
}

/** Folds one event into a match. GameStarted must have been folded by `start` or `replay`. */
export const apply = (match: Match, event: Typed): Match => {
  // Literals, not spreads: on Node 20 `{ ...match, … }` costs ~0.2 µs, more than the rest of a fold step.
  const { game, seed, events } = match
  if (event.type === "GameEnded")
    return { game, state: match.state, seed, ended: event as GameEnded, events: events + 1 }
  // An organiser's event changes who acts, not the rules' state: the game never sees it.
  if (isOrganiserEvent(event))
    return { game, state: match.state, seed, ended: match.ended, events: events + 1 }
  return { game, state: game.evolve(match.state, event), seed, ended: match.ended, events: events + 1 }
}

/** More automatic steps than any game takes between two commands: beyond this `advance` is looping. */
export const MAX_AUTOMATIC_STEPS = 10_000

/** The GameEnded the rules give at this state (`outcome`), or null while the game goes on. */
export const rulesEnding = (game: AnyGame, state: unknown, seed: string): GameEnded | null => {
  const outcome: Outcome | null = game.outcome(state)
  if (!outcome) return null
  return { type: "GameEnded", ranks: outcome.ranks, scores: outcome.scores, seed, reason: "rules" }
}

/** Runs the automatic steps and, when the rules say the game is over, appends GameEnded. */
const settle = (match: Match, events: Typed[]): { match: Match; events: Typed[] } => {
  const { game } = match
  for (let step = 0; ; step++) {
    const auto = game.advance(match.state)
    if (auto.length === 0) break
    // A game bug: stopping quietly would store a half-settled state as if it were a position.
    if (step === MAX_AUTOMATIC_STEPS)
      throw new Error(`${game.id}: advance still emits events after ${MAX_AUTOMATIC_STEPS} steps`)
    for (const e of auto) {
      match = apply(match, e)
      events.push(e)
    }
  }
  if (!match.ended) {
    const ended = rulesEnding(game, match.state, match.seed)
    if (ended) {
      match = apply(match, ended)
      events.push(ended)
    }
  }
  return { match, events }
}

/** Whether a seat owes a decision now. */
export const owes = (match: Match, seat: Seat): boolean => {
  if (match.ended) return false
  // A loop, not `some`: this runs once or twice a command, and the closure showed in playout profiles.
  const decisions = match.game.pending(match.state)
  for (let i = 0; i < decisions.length; i++) if ((decisions[i] as Decision).seat === seat) return true
  return false
}

/**
 * Plays one command for a seat: checks the seat owes a decision, lets the rules decide, folds the events,
 * runs the automatic steps. Either all the resulting events, or the rule the command breaks.
 */
export const play = <C extends Typed>(
  match: Match,
  seat: Seat,
  command: C,
): Result.Result<{ match: Match; events: ReadonlyArray<Typed> }, RuleViolation> => {
  if (match.ended) return Result.fail(violation("kernel.game-over", "the game has ended"))
  if (!owes(match, seat))
    return Result.fail(violation("kernel.not-your-decision", `seat ${seat} owes no decision now`))
  return playOwed(match, seat, command)
}

/**
 * `play` for a seat the caller has just seen owe a decision in this very match (simulate asks `pending`
 * itself): the same rules and events without asking the game's `pending` a second time.
 */
export const playOwed = <C extends Typed>(
  match: Match,
  seat: Seat,
  command: C,
): Result.Result<{ match: Match; events: ReadonlyArray<Typed> }, RuleViolation> => {
  const decided = match.game.decide(match.state, seat, command)
  if (Result.isFailure(decided)) return Result.fail(decided.failure)
  const events: Typed[] = []
  for (const e of decided.success) {
    match = apply(match, e)
    events.push(e)
  }
  return Result.succeed(settle(match, events))
}

/**
 * Why an outcome cannot end a game of `seats` seats, or null: one rank and one finite score per seat, and
 * ranks as the rules give them (1 is best; tied seats share a rank and the next rank skips, as in 1, 1, 3).
 */
export const outcomeProblem = (outcome: Outcome, seats: number): string | null => {
  const { ranks, scores } = outcome
  if (ranks.length !== seats || scores.length !== seats)
    return `an outcome needs one rank and one score for each of the ${seats} seats (got ${ranks.length} ranks, ${scores.length} scores)`
  for (let seat = 0; seat < seats; seat++) {
    const rank = ranks[seat] as number
    if (!Number.isFinite(scores[seat])) return `seat ${seat}'s score is not a number`
    const ahead = ranks.filter((other) => other < rank).length
    if (!Number.isInteger(rank) || rank !== ahead + 1)
      return `seat ${seat} has rank ${rank}, but ${ahead} seat${ahead === 1 ? "" : "s"} rank ahead of it: its rank must be ${ahead + 1} (tied seats share a rank and the next rank skips, as in 1, 1, 3)`
  }
  return null
}

/** Ends a game by an organiser's ruling rather than the rules (adjudication). */
export const adjudicate = (
  match: Match,
  outcome: Outcome,
  seats: number,
): Result.Result<{ match: Match; event: GameEnded }, RuleViolation> => {
  if (match.ended) return Result.fail(violation("kernel.game-over", "the game has already ended"))
  const problem = outcomeProblem(outcome, seats)
  if (problem !== null) return Result.fail(violation("kernel.adjudicate.outcome", problem))
  const event: GameEnded = {
    type: "GameEnded",
    ranks: outcome.ranks,
    scores: outcome.scores,
    seed: match.seed,
    reason: "adjudicated",
  }
  return Result.succeed({ match: apply(match, event), event })
}

/** Rebuilds a match from its events (the fold every projection, replay and audit starts from). */
export const replay = <E extends Typed>(game: AnyGame, events: ReadonlyArray<E>): Match => {
  const first = events[0] as GameStarted | undefined
  if (first?.type !== "GameStarted") throw new Error("replay: the first event must be GameStarted")
  let match: Match = { game, state: game.initial(first), seed: first.seed, ended: null, events: 1 }
  for (let i = 1; i < events.length; i++) match = apply(match, events[i] as Typed)
  return match
}

/** The viewer the rules should see: once a game has ended everything is public (ARCHITECTURE.md §5). */
export const effectiveViewer = (match: Match, viewer: Viewer): Viewer =>
  match.ended ? { kind: "organiser" } : viewer

/** The game's view of a match for a viewer; after the end spectators see everything. */
export const viewOf = (match: Match, viewer: Viewer): unknown =>
  match.game.view(match.state, effectiveViewer(match, viewer))

/** What a seat is asked at a position: the decision it owes (null: none), its own view, its legal commands. */
export interface SeatDecision {
  readonly decision: string | null
  readonly view: unknown
  readonly legal: ReadonlyArray<Typed>
}

/** The seat's decision at this position, as a bot there would be given it (the order of `legal` included). */
export const seatDecision = (match: Match, seat: Seat): SeatDecision => {
  const owed = match.ended ? undefined : match.game.pending(match.state).find((d) => d.seat === seat)
  return {
    decision: owed?.kind ?? null,
    view: viewOf(match, { kind: "seat", seat }),
    legal: owed === undefined ? [] : (match.game.legalCommands(match.state, seat) as ReadonlyArray<Typed>),
  }
}
