import { Data } from "effect"

/** No tournament stream with this id. */
export class TournamentNotFound extends Data.TaggedError("TournamentNotFound")<{
  readonly tournamentId: string
}> {}

/** The request breaks a tournament rule; `rule` names it (422 on the wire). */
export class TournamentRejected extends Data.TaggedError("TournamentRejected")<{
  readonly rule: string
  readonly message: string
}> {}

/** A tournament id that is taken by a different tournament (409 on the wire). */
export class TournamentExists extends Data.TaggedError("TournamentExists")<{
  readonly tournamentId: string
}> {}
