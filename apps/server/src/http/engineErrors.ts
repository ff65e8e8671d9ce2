import { Conflict, NotFound, RuleViolation, ServerError, Unavailable } from "@boroughs/protocol"
import { isUnreachable } from "@boroughs/store"
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

/** Engine and store failures as the API's errors (docs/api.md lists the statuses). */
export const fromEngine = (failure: { readonly _tag: string; readonly message: string }): EngineApiError => {
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
      return new NotFound({ message: error.message })
    default: {
      const outage = outageOf(failure)
      if (outage !== undefined) return outage
      console.error(`boroughs server: ${error._tag}: ${logSafe(error.message)}`)
      return new ServerError({
        message: "the server could not complete the request; retry with the same ids",
      })
    }
  }
}
