import { Conflict, NotFound, RuleViolation, ServerError } from "@boroughs/protocol"

/** The API errors engine failures become. */
export type EngineApiError = Conflict | NotFound | RuleViolation | ServerError

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
    default:
      console.error(`boroughs server: ${error._tag}: ${error.message}`)
      return new ServerError({
        message: "the server could not complete the request; retry with the same ids",
      })
  }
}
