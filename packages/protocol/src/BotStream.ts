import { Schema } from "effect"
import { AnyValue, GameId, Instant, Seat, Version } from "./Ids.js"

/** Names one decision: `<gameId>:<seat>:<version>`, also the command id to send its answer with. */
export const RequestId = Schema.String.check(Schema.isPattern(/^[\x21-\x7e]{1,128}$/)).annotate({
  description: "Names one decision: <gameId>:<seat>:<version>. Send the answer with it as its command id.",
})

/** The request id of a seat's decision at a version: a retry of the same answer is never played twice. */
export const requestIdOf = (gameId: string, seat: number, version: number): string =>
  `${gameId}:${seat}:${version}`

/*
 * One vocabulary for bots, whatever carries it: `GET /api/bot/stream` (NDJSON, Lichess-style) and the stdio
 * protocol of `boroughs-bot run` send the same `gameStarted`, `yourTurn` and `gameEnded`, field for field. On
 * every (re)connection the server first sends `gameStarted` and the pending `yourTurn`s of each live game where
 * the token holds a seat, then live ones; so a reconnecting bot resumes from the messages alone. Readers must
 * ignore fields they do not know: later versions add some.
 */

/** A game starts (or a stream resumes) with the bot at one or more of its seats. */
export const GameStartedMessage = Schema.Struct({
  type: Schema.Literal("gameStarted"),
  gameId: GameId.annotate({
    description: "The game: its id in URLs and commands (`local` in a local game).",
  }),
  game: Schema.String.annotate({ description: "The registered game: downtown, manhattan, suburbia, …" }),
  seats: Schema.Array(Seat).annotate({ description: "The seats this bot holds in the game." }),
  players: Schema.Array(Schema.NullOr(Schema.String)).annotate({
    description:
      "Who holds each seat, by seat: bot:<name>, player:<name>, builtin:<bot>, or null (organisers only). Its length is the number of seats.",
  }),
  decisionMs: Schema.NullOr(Schema.Int).annotate({
    description: "The clock per decision in milliseconds; null: no clock.",
  }),
  version: Version.annotate({ description: "The game's version (events so far) when this was sent." }),
}).annotate({ identifier: "GameStartedMessage" })

/** A seat of the bot owes a decision: its own view only, the exact legal commands, and the clock. */
export const YourTurnMessage = Schema.Struct({
  type: Schema.Literal("yourTurn"),
  requestId: RequestId,
  gameId: GameId,
  game: Schema.String.annotate({ description: "The registered game: downtown, manhattan, suburbia, …" }),
  seat: Seat.annotate({ description: "The seat that owes the decision." }),
  version: Version.annotate({ description: "The version the decision is at: send it as expectedVersion." }),
  kind: Schema.String.annotate({ description: "What is decided, in the game's words: vote, dial, move, …" }),
  view: AnyValue("The seat's own view: public information and its own secrets, never another seat's."),
  legal: Schema.Array(Schema.Unknown).annotate({
    description: "Exactly the commands the rules accept from this seat now; answer with one of them.",
  }),
  deadline: Schema.NullOr(Instant).annotate({
    description: "When the clock plays the game's default command instead (ISO 8601); null: no clock.",
  }),
  timeLeftMs: Schema.NullOr(Schema.Int).annotate({
    description: "The deadline as milliseconds left when the message was written; null: no clock.",
  }),
}).annotate({ identifier: "YourTurnMessage" })

/** A game the bot played has ended. */
export const GameEndedMessage = Schema.Struct({
  type: Schema.Literal("gameEnded"),
  gameId: GameId,
  version: Version.annotate({ description: "The game's last version." }),
  ranks: Schema.Array(Schema.Int).annotate({ description: "Each seat's rank: 1 is best, ties share." }),
  scores: Schema.Array(Schema.Number).annotate({ description: "Each seat's final score." }),
  reason: Schema.String.annotate({ description: "How it ended: rules, adjudicated, …" }),
}).annotate({ identifier: "GameEndedMessage" })

/** Sent when nothing else was for `keepAliveMs`, so proxies and clients know the stream is alive. */
export const KeepAliveMessage = Schema.Struct({ type: Schema.Literal("keepAlive"), time: Instant }).annotate({
  identifier: "KeepAliveMessage",
})

/** The last line of a stream the server ends: another stream opened with the same token, or shutdown. */
export const StreamClosedMessage = Schema.Struct({
  type: Schema.Literal("streamClosed"),
  reason: Schema.Literals(["replaced", "shutdown", "revoked"]),
  message: Schema.String,
}).annotate({ identifier: "StreamClosedMessage" })

export const BotStreamMessage = Schema.Union([
  GameStartedMessage,
  YourTurnMessage,
  GameEndedMessage,
  KeepAliveMessage,
  StreamClosedMessage,
]).annotate({ identifier: "BotStreamMessage" })
export type BotStreamMessage = typeof BotStreamMessage.Type
export type YourTurnMessage = typeof YourTurnMessage.Type
export type GameStartedMessage = typeof GameStartedMessage.Type
export type GameEndedMessage = typeof GameEndedMessage.Type
