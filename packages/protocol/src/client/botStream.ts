import { Effect, type Schema, Stream } from "effect"
import { Ndjson } from "effect/encoding"
import { HttpClient, HttpClientRequest } from "effect/http"
import { BotStreamMessage } from "../BotStream.js"
import type { ClientOptions } from "./BoroughsClient.js"
import type { StreamFailure } from "./gameStream.js"
import { reconnecting } from "./reconnecting.js"
import { reconnectSchedule, responseError, StreamDisconnected, StreamMalformed } from "./streamErrors.js"

export interface BotEventsOptions extends ClientOptions {
  /** Give up after this many failed reconnections in a row (default: never). */
  readonly maxAttempts?: number | undefined
  /** Also pass keep-alive messages on (default: dropped). */
  readonly keepAlives?: boolean | undefined
}

/** A line this long is a server or proxy fault, not a message: fail rather than buffer it without end. */
const MAX_LINE_BYTES = 10 * 1024 * 1024

/** The messages of the response's bytes; blank lines (keep-alives some proxies send) are skipped. */
const decodeLines = <E>() =>
  Ndjson.decodeSchema(BotStreamMessage)<E>({ ignoreEmptyLines: true, maxLineBytes: MAX_LINE_BYTES })

/** A line the connection's end cut short is a cut (reconnect); any other unreadable line is malformed. */
const lineFailure = (error: Ndjson.NdjsonError | Schema.SchemaError): StreamDisconnected | StreamMalformed =>
  error._tag === "SchemaError"
    ? new StreamMalformed({ message: `bot stream line: ${error.message}` })
    : error.unterminated === true
      ? new StreamDisconnected({ message: "the bot stream was cut mid-line" })
      : new StreamMalformed({ message: `bot stream line: ${error.reason ?? error.kind}: ${error.cause}` })

/**
 * The bot gateway (`GET /api/bot/stream`, NDJSON) for a bot or player token. Reconnects on its own after
 * network failures, 5xx, 429 and a server shutdown; each connection starts with the `gameStarted` and
 * pending `yourTurn` messages of every live game, so a `yourTurn` may arrive again after a reconnection:
 * answer it with the same commandId (e.g. `${gameId}:${seat}:${version}`) and the server plays it once.
 * Ends when the server closes the stream for good (`streamClosed` replaced or revoked).
 */
export const botEvents = (
  options: BotEventsOptions,
): Stream.Stream<BotStreamMessage, StreamFailure, HttpClient.HttpClient> => {
  const open = (): Stream.Stream<BotStreamMessage, StreamFailure, HttpClient.HttpClient> =>
    Stream.unwrap(
      Effect.gen(function* () {
        const client = yield* HttpClient.HttpClient
        let request = HttpClientRequest.get(`${options.baseUrl}/api/bot/stream`).pipe(
          HttpClientRequest.setHeader("accept", "application/x-ndjson"),
        )
        if (options.token !== undefined) request = HttpClientRequest.bearerToken(request, options.token)
        const response = yield* client.execute(request)
        if (response.status >= 300) return Stream.fail<StreamFailure>(yield* responseError(response))
        let closed = false
        const messages = response.stream.pipe(
          Stream.pipeThroughChannel(decodeLines()),
          Stream.mapError((error) => (error._tag === "HttpClientError" ? error : lineFailure(error))),
          Stream.tap((m) =>
            Effect.sync(() => {
              if (m.type === "streamClosed") closed = m.reason !== "shutdown"
            }),
          ),
          Stream.filter((m) => m.type !== "keepAlive" || options.keepAlives === true),
        )
        return Stream.concat(
          messages,
          Stream.suspend(() =>
            closed
              ? Stream.empty
              : Stream.fail(new StreamDisconnected({ message: "the bot stream was cut" })),
          ),
        )
      }),
    )
  return reconnecting(open, reconnectSchedule, options.maxAttempts)
}
