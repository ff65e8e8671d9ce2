import { Schema } from "effect"
import { AnyValue, GameId, Seat, Version } from "./Ids.js"

/** The `format` of a position file: bumped only if a field changes meaning. */
export const POSITION_FORMAT = "boroughs-position/1"

/**
 * One seat's decision at one position of a game, as a bot would have been asked it: what `boroughs position`
 * prints and `boroughs-bot test --position` replays, so a position seen in a game becomes a test case.
 */
export const Position = Schema.Struct({
  format: Schema.Literal(POSITION_FORMAT),
  game: Schema.String.annotate({ description: "The registered game id (downtown, manhattan, …)." }),
  gameId: GameId.annotate({ description: "The game the position is from." }),
  version: Version.annotate({ description: "The position: the game after this many events." }),
  players: Schema.Int.annotate({ description: "How many seats the game has." }),
  options: AnyValue("The game's options, as it was started with."),
  seat: Seat.annotate({ description: "The seat whose view and decision this is." }),
  decision: Schema.NullOr(Schema.String).annotate({
    description: "What the seat owes here, in the game's words (vote, dial, move…); null: nothing.",
  }),
  view: AnyValue("The seat's own view: its secrets, not the others'."),
  legal: Schema.Array(Schema.Unknown).annotate({
    description: "The seat's legal commands, in the order a bot is given them (empty when it owes nothing).",
  }),
  pending: Schema.Array(Seat).annotate({ description: "Every seat that owes a decision here." }),
}).annotate({ identifier: "Position" })
export type Position = typeof Position.Type
