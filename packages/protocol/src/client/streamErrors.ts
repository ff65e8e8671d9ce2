import { Data, Effect, Schema } from "effect"
import type { HttpClientResponse } from "effect/http"
import { ApiError, ServerError } from "../Errors.js"

/** The connection ended without the server saying the stream was over: reconnect and resume. */
export class StreamDisconnected extends Data.TaggedError("StreamDisconnected")<{
  readonly message: string
}> {}

/** A line or event the client could not read as the protocol says (a server or proxy fault). */
export class StreamMalformed extends Data.TaggedError("StreamMalformed")<{ readonly message: string }> {}

const decodeError = Schema.decodeUnknownResult(ApiError)

/** The API error a non-2xx response carries (a ServerError naming the status when the body is not one). */
export const responseError = (response: HttpClientResponse.HttpClientResponse): Effect.Effect<ApiError> =>
  response.json.pipe(
    Effect.map((body) => {
      const decoded = decodeError(body)
      return decoded._tag === "Success"
        ? decoded.success
        : new ServerError({ message: `HTTP ${response.status} with a body that is not an API error` })
    }),
    Effect.catch(() => Effect.succeed(new ServerError({ message: `HTTP ${response.status}` }))),
  )

/** Whether (and after how long) a failed stream is worth reopening; null: give up and fail. */
export const retryDelay = (error: { readonly _tag: string }, attempt: number): number | null => {
  const backoff = Math.min(10_000, 250 * 2 ** Math.min(attempt, 6)) * (0.75 + Math.random() / 2)
  switch (error._tag) {
    case "RateLimited":
      return Math.max(backoff, (error as { retryAfterMs?: number }).retryAfterMs ?? 0)
    case "ServerError":
    case "Unavailable":
    case "StreamDisconnected":
    case "HttpClientError":
      return backoff
    default:
      return null
  }
}
