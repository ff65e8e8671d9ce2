import { Conflict, NotFound, RuleViolation, ServerError, Unavailable } from "@boroughs/protocol"
import { isUnreachable } from "@boroughs/store"
import { Effect } from "effect"
import { logSafe } from "./logSafe.js"

/** The API errors engine failures become. */
export type EngineApiError = Conflict | NotFound | RuleViolation | ServerError | Unavailable

/**
 * 503 when `failure` (or what it wraps) says the database cannot be reached: a restart or failover, not a
 * fault of the server, so clients and load balancers retry. Undefined for any other failure.
 */
export const outageOf = (failure: unknown): Unavailable | undefined =>
  isUnreachable(failure)
    ? new Unavailable({
        message: "the database cannot be reached right now; retry shortly with the same ids",
      })
    : undefined

/** The API error each engine or store failure becomes (docs/api.md lists the statuses). */
interface ApiErrorByTag {
  readonly CommandRejected: Conflict | RuleViolation
  readonly StaleVersion: Conflict
  readonly ContentionExhausted: Conflict
  readonly GameExists: Conflict
  readonly GameNotFound: NotFound
  readonly UnknownGame: NotFound
  readonly TournamentNotFound: NotFound
  readonly TournamentRejected: RuleViolation
  readonly TournamentExists: Conflict
  readonly VersionNotReached: NotFound
  readonly LadderRejected: NotFound
  /** The database failed or is away. */
  readonly StoreError: ServerError | Unavailable
  readonly WrongExpectedVersion: ServerError | Unavailable
  readonly IdempotencyConflict: ServerError | Unavailable
  readonly TokenRejected: ServerError | Unavailable
  readonly MalformedExport: ServerError | Unavailable
}

/** The API errors a failure of type `E` may become: a tag not listed above does not compile. */
export type ApiErrorOf<E extends { readonly _tag: string }> = E extends { readonly _tag: infer T }
  ? T extends keyof ApiErrorByTag
    ? ApiErrorByTag[T]
    : never
  : never

/**
 * An effect's engine and store failures as the API's errors; a failure that is the server's own fault (not
 * an outage) is logged with its tag and message before it is answered 500.
 */
export const apiFailures = <A, E extends { readonly _tag: keyof ApiErrorByTag; readonly message: string }, R>(
  self: Effect.Effect<A, E, R>,
): Effect.Effect<A, ApiErrorOf<E>, R> =>
  Effect.catch(self, (failure) => {
    const error = fromEngine(failure)
    return (error as unknown) instanceof ServerError
      ? Effect.andThen(Effect.logError(`${failure._tag}: ${logSafe(failure.message)}`), Effect.fail(error))
      : Effect.fail(error)
  })

/** Engine and store failures as the API's errors. */
export const fromEngine = <E extends { readonly _tag: keyof ApiErrorByTag; readonly message: string }>(
  failure: E,
): ApiErrorOf<E> => toApiError(failure) as ApiErrorOf<E>

const toApiError = (failure: { readonly _tag: string; readonly message: string }): EngineApiError => {
  const error = failure as { readonly _tag: string; readonly message: string } & Record<string, unknown>
  switch (error._tag) {
    case "CommandRejected":
      return error.rule === "kernel.command.id-reused"
        ? new Conflict({ reason: "command-id-reused", message: error.message })
        : new RuleViolation({ rule: String(error.rule), message: error.message })
    case "StaleVersion":
      return new Conflict({
        reason: "stale-version",
        message: error.message,
        expectedVersion: Number(error.expectedVersion),
        actualVersion: Number(error.actualVersion),
      })
    case "ContentionExhausted":
      return new Conflict({
        reason: "contention",
        message: `game ${String(error.gameId)} is busy: other commands kept winning; retry with the same commandId`,
      })
    case "GameExists":
      return new Conflict({ reason: "game-exists", message: `game ${String(error.gameId)} already exists` })
    case "GameNotFound":
      return new NotFound({ message: `no game ${String(error.gameId)}` })
    case "UnknownGame":
      return new NotFound({ message: `this server does not host ${error.message}` })
    case "TournamentNotFound":
      return new NotFound({ message: `no tournament ${String(error.tournamentId)}` })
    case "TournamentRejected":
      return new RuleViolation({ rule: String(error.rule), message: error.message })
    case "TournamentExists":
      return new Conflict({
        reason: "tournament-exists",
        message: `tournament ${String(error.tournamentId)} already exists (created differently)`,
      })
    case "VersionNotReached":
    case "LadderRejected":
      return new NotFound({ message: error.message })
    default: {
      const outage = outageOf(failure)
      if (outage !== undefined) return outage
      return new ServerError({
        message: "the server could not complete the request; retry with the same ids",
      })
    }
  }
}

/**
 * For endpoints that create what they then read (a game, a tournament): a NotFound there is the server's
 * fault, not the caller's, so it is answered 500 (and the declared statuses stay true).
 */
export const notFoundIsFault = <A, E, R>(self: Effect.Effect<A, E | NotFound, R>) =>
  Effect.catchIf(
    self,
    (e): e is NotFound => e instanceof NotFound,
    (e) =>
      Effect.fail(new ServerError({ message: `what was just written could not be read back: ${e.message}` })),
  )
