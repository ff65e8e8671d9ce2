import { Data } from "effect"

/** The rules refused the command; `rule` names the rule it breaks (422 on the wire). */
export class CommandRejected extends Data.TaggedError("CommandRejected")<{
  readonly rule: string
  readonly message: string
}> {}

/** No game stream with this id. */
export class GameNotFound extends Data.TaggedError("GameNotFound")<{ readonly gameId: string }> {}

/** A game id that already names a stream (creating twice with different commands). */
export class GameExists extends Data.TaggedError("GameExists")<{ readonly gameId: string }> {}

/** No registered game with this id. */
export class UnknownGame extends Data.TaggedError("UnknownGame")<{
  readonly game: string
  readonly known: ReadonlyArray<string>
}> {
  override get message() {
    return `unknown game "${this.game}"; known games: ${this.known.join(", ") || "none"}`
  }
}

/** Other writers kept winning the race for this game; the caller may retry later (409 on the wire). */
export class ContentionExhausted extends Data.TaggedError("ContentionExhausted")<{
  readonly gameId: string
  readonly attempts: number
}> {}
