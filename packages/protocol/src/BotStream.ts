import { Schema } from "effect"
import { GameId, Instant, Seat, Version } from "./Ids.js"

/**
 * `GET /api/bot/stream` (bot or player token) is NDJSON, one JSON object per line, Lichess-style. On every
 * (re)connection the server first sends `gameStarted` and the pending `yourTurn`s of each live game where
 * the token holds a seat, then live ones; so a reconnecting bot resumes from the messages alone. Send each
 * command with a commandId derived from (gameId, seat, version): a retry is then never played twice.
 */
export const GameStartedMessage = Schema.Struct({
  type: Schema.Literal("gameStarted"),
  gameId: GameId,
  game: Schema.String,
  /** The seats this token holds in the game. */
  seats: Schema.Array(Seat),
  players: Schema.Array(Schema.NullOr(Schema.String)),
  decisionMs: Schema.NullOr(Schema.Int),
  version: Version,
}).annotate({ identifier: "GameStartedMessage" })

/** A seat of the token owes a decision: its own view only, the exact legal commands, and the deadline. */
export const YourTurnMessage = Schema.Struct({
  type: Schema.Literal("yourTurn"),
  gameId: GameId,
  seat: Seat,
  /** The version the decision is at: send it as `expectedVersion`. */
  version: Version,
  kind: Schema.String,
  view: Schema.Unknown,
  legal: Schema.Array(Schema.Unknown),
  /** When the clock plays the game's default command instead (null: no clock). */
  deadline: Schema.NullOr(Instant),
}).annotate({ identifier: "YourTurnMessage" })

export const GameEndedMessage = Schema.Struct({
  type: Schema.Literal("gameEnded"),
  gameId: GameId,
  version: Version,
  ranks: Schema.Array(Schema.Int),
  scores: Schema.Array(Schema.Number),
  reason: Schema.String,
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
