import { Effect, Schema, Stream } from "effect"
import { HttpClient, type HttpClientError, HttpClientRequest } from "effect/http"
import type { ApiError } from "../Errors.js"
import { GameStreamMessage } from "../GameStream.js"
import type { ClientOptions } from "./BoroughsClient.js"
import { reconnecting } from "./reconnecting.js"
import { type SseEvent, SseParser } from "./sseParser.js"
import { reconnectSchedule, responseError, StreamDisconnected, StreamMalformed } from "./streamErrors.js"

export interface WatchGameOptions extends ClientOptions {
  readonly gameId: string
  /** Start after this version (0: from the first event). */
  readonly after?: number | undefined
  /** Which of the caller's seats to watch as. */
  readonly seat?: number | undefined
  /** Give up after this many failed reconnections in a row (default: never). */
  readonly maxAttempts?: number | undefined
}

/** Why a live stream stopped for good. */
export type StreamFailure = ApiError | StreamDisconnected | StreamMalformed | HttpClientError.HttpClientError

const decode = Schema.decodeUnknownResult(Schema.fromJsonString(GameStreamMessage))

/**
 * A game's live events as the caller may see them (SSE). Reconnects on its own after network failures,
 * 5xx and 429, resuming with `Last-Event-ID`, so each event arrives exactly once and in order; ends after
 * the `end` message of a finished game. Fails with the API's error when the server refuses (401, 403, 404).
 */
export const watchGame = (
  options: WatchGameOptions,
): Stream.Stream<GameStreamMessage, StreamFailure, HttpClient.HttpClient> => {
  let last = options.after ?? 0
  const open = (): Stream.Stream<GameStreamMessage, StreamFailure, HttpClient.HttpClient> =>
    Stream.unwrap(
      Effect.gen(function* () {
        const client = yield* HttpClient.HttpClient
        let request = HttpClientRequest.get(
          `${options.baseUrl}/api/games/${encodeURIComponent(options.gameId)}/stream`,
        ).pipe(HttpClientRequest.setHeader("accept", "text/event-stream"))
        if (last > 0) request = HttpClientRequest.setHeader(request, "last-event-id", String(last))
        if (options.seat !== undefined)
          request = HttpClientRequest.setUrlParam(request, "seat", String(options.seat))
        if (options.token !== undefined) request = HttpClientRequest.bearerToken(request, options.token)
        const response = yield* client.execute(request)
        if (response.status === 204) return Stream.empty
        if (response.status >= 300) return Stream.fail<StreamFailure>(yield* responseError(response))
        let ended = false
        const parsed: SseEvent[] = []
        const parser = new SseParser((e) => parsed.push(e))
        const messages = response.stream.pipe(
          Stream.decodeText(),
          Stream.mapEffect((chunk) => {
            const tooLarge = parser.feed(chunk)
            if (tooLarge !== undefined)
              return Effect.fail(new StreamMalformed({ message: `SSE: ${tooLarge.message}` }))
            const out: GameStreamMessage[] = []
            for (const e of parsed.splice(0)) {
              const decoded = decode(e.data)
              if (decoded._tag === "Failure")
                return Effect.fail(
                  new StreamMalformed({ message: `SSE event "${e.event}": ${decoded.failure.message}` }),
                )
              const m = decoded.success
              if (m.type === "event") last = Math.max(last, m.envelope.version)
              if (m.type === "end") ended = true
              out.push(m)
            }
            return Effect.succeed(out)
          }),
          Stream.flattenIterable,
        )
        // A stream that stops without `end` was cut: the reconnection resumes after `last`.
        return Stream.concat(
          messages,
          Stream.suspend(() =>
            ended
              ? Stream.empty
              : Stream.fail(new StreamDisconnected({ message: "the game stream was cut" })),
          ),
        )
      }),
    )
  return reconnecting(open, reconnectSchedule, options.maxAttempts)
}
