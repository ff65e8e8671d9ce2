import { Effect, Schema, Stream } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import { BotStreamMessage } from "../BotStream.js"
import type { ClientOptions } from "./BoroughsClient.js"
import type { StreamFailure } from "./gameStream.js"
import { LineSplitter } from "./lineSplitter.js"
import { reconnecting } from "./reconnecting.js"
import { responseError, retryDelay, StreamDisconnected, StreamMalformed } from "./streamErrors.js"

export interface BotEventsOptions extends ClientOptions {
  /** Give up after this many failed reconnections in a row (default: never). */
  readonly maxAttempts?: number | undefined
  /** Also pass keep-alive messages on (default: dropped). */
  readonly keepAlives?: boolean | undefined
}

const decode = Schema.decodeUnknownResult(Schema.fromJsonString(BotStreamMessage))

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
        const lines: string[] = []
        const splitter = new LineSplitter((line) => lines.push(line))
        const messages = response.stream.pipe(
          Stream.decodeText(),
          Stream.mapEffect((chunk) => {
            splitter.feed(chunk)
            const out: BotStreamMessage[] = []
            for (const line of lines.splice(0)) {
              const decoded = decode(line)
              if (decoded._tag === "Failure")
                return Effect.fail(
                  new StreamMalformed({ message: `bot stream line: ${decoded.failure.message}` }),
                )
              const m = decoded.success
              if (m.type === "streamClosed") closed = m.reason !== "shutdown"
              if (m.type !== "keepAlive" || options.keepAlives) out.push(m)
            }
            return Effect.succeed(out)
          }),
          Stream.flattenIterable,
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
  return reconnecting(open, retryDelay, options.maxAttempts)
}
