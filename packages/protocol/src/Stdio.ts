import { Schema } from "effect"
import { GameEndedMessage, GameStartedMessage, RequestId, YourTurnMessage } from "./BotStream.js"

/**
 * The stdio bot protocol (docs/bot-protocol.md): a bot in any language is a child process of
 * `boroughs-bot run` speaking JSON lines, one object per line on stdin (from the bridge) and stdout (from the
 * bot), GTP/UCI-style: a handshake, then a `yourTurn` per decision answered by one `command`.
 */
export const STDIO_PROTOCOL_VERSION = 2

/**
 * The versions a bridge still speaks. Version 1's `gameStarted` had `players` as a seat count and no
 * `decisionMs` or `version`; its other messages lacked fields version 2 added, which readers ignore anyway.
 */
export const STDIO_PROTOCOL_VERSIONS: ReadonlyArray<number> = [1, 2]

// ── bridge → bot ──────────────────────────────────────────────────────────────────────────────────────

/** First line the bridge writes. The bot answers with its own `hello`. */
export const BridgeHello = Schema.Struct({
  type: Schema.Literal("hello"),
  protocol: Schema.Int,
  bridge: Schema.String,
}).annotate({ identifier: "StdioBridgeHello" })

/** The same `gameStarted` as the bot gateway's (BotStream.ts): the local game id is `local`. */
export const StdioGameStarted = GameStartedMessage

/** The same `yourTurn` as the bot gateway's: answer with `command` and its `requestId`. */
export const StdioYourTurn = YourTurnMessage

/** Why the bridge refused a line or closed a request. */
export const StdioErrorReason = Schema.Literals([
  "malformed",
  "unknown-request",
  "illegal-command",
  "timeout",
  "superseded",
  "unsupported-protocol",
])

/**
 * Something went wrong with the bot's line or request. `illegal-command` and `malformed` keep the request
 * open (answer again before the deadline); `timeout` and `superseded` close it.
 */
export const StdioError = Schema.Struct({
  type: Schema.Literal("error"),
  reason: StdioErrorReason,
  message: Schema.String,
  requestId: Schema.optionalKey(RequestId),
}).annotate({ identifier: "StdioError" })

/** The same `gameEnded` as the bot gateway's. */
export const StdioGameEnded = GameEndedMessage

/** The last line: the bot should exit (the bridge closes stdin too). */
export const StdioQuit = Schema.Struct({ type: Schema.Literal("quit"), reason: Schema.String }).annotate({
  identifier: "StdioQuit",
})

export const BridgeMessage = Schema.Union([
  BridgeHello,
  StdioGameStarted,
  StdioYourTurn,
  StdioError,
  StdioGameEnded,
  StdioQuit,
]).annotate({ identifier: "StdioBridgeMessage" })
export type BridgeMessage = typeof BridgeMessage.Type

// ── bot → bridge ──────────────────────────────────────────────────────────────────────────────────────

/** The bot's answer to the bridge's `hello`: the protocol version it speaks and its name. */
export const BotHello = Schema.Struct({
  type: Schema.Literal("hello"),
  protocol: Schema.Int,
  name: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(80)),
}).annotate({ identifier: "StdioBotHello" })

/** The answer to a `yourTurn`: the command itself, or its index in `legal`. */
export const StdioCommand = Schema.Struct({
  type: Schema.Literal("command"),
  requestId: RequestId,
  command: Schema.optionalKey(Schema.Unknown),
  index: Schema.optionalKey(Schema.Int),
}).annotate({ identifier: "StdioCommand" })

/** A line for the bridge's log (stderr); the bot's own stderr passes through as well. */
export const StdioLog = Schema.Struct({ type: Schema.Literal("log"), message: Schema.String }).annotate({
  identifier: "StdioLog",
})

export const BotMessage = Schema.Union([BotHello, StdioCommand, StdioLog]).annotate({
  identifier: "StdioBotMessage",
})
export type BotMessage = typeof BotMessage.Type
export type StdioYourTurn = typeof StdioYourTurn.Type
