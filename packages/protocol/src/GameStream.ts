import { Schema } from "effect"
import { ViewedEnvelope } from "./Envelope.js"
import { GameId, Version } from "./Ids.js"

/**
 * `GET /api/games/:gameId/stream` is Server-Sent Events. Each message is one SSE event whose `event:`
 * field is the message's `type` and whose `data:` is the message's JSON (one line):
 *
 * - `event` (with `id: <version>`): one event, redacted for the caller. Resume with `Last-Event-ID`
 *   (or `?after=<version>`): the server sends every event after it, then live ones.
 * - `ready`: the stream has caught up with what the caller may see; live events follow.
 * - `end`: the game is over and every event was sent; the server closes the stream. Reconnecting with
 *   the last id of an ended game answers 204 (EventSource stops).
 *
 * Keep-alives are SSE comments (`: keep-alive`), sent when nothing else was for `keepAliveMs`.
 */
export const GameStreamMessage = Schema.Union([
  Schema.Struct({ type: Schema.Literal("event"), envelope: ViewedEnvelope }),
  Schema.Struct({ type: Schema.Literal("ready"), gameId: GameId, version: Version, ended: Schema.Boolean }),
  Schema.Struct({ type: Schema.Literal("end"), gameId: GameId, version: Version }),
]).annotate({ identifier: "GameStreamMessage" })
export type GameStreamMessage = typeof GameStreamMessage.Type

/** One SSE frame: `id`, `event` and `data` lines and the blank line that ends it. */
export const sseFrame = (event: string, data: string, id?: number | string): string =>
  `${id === undefined ? "" : `id: ${id}\n`}event: ${event}\ndata: ${data}\n\n`

/** The SSE frame of a game stream message (an envelope's id is its version). */
export const gameStreamFrame = (message: GameStreamMessage): string =>
  sseFrame(
    message.type,
    JSON.stringify(message),
    message.type === "event" ? message.envelope.version : undefined,
  )

/** The SSE comment servers send to keep a quiet stream open. */
export const SSE_KEEP_ALIVE = ": keep-alive\n\n"
