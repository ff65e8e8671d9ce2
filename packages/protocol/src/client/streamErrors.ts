import { Data, Duration, Effect, Pull, Schedule, Schema } from "effect"
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

type Tagged = { readonly _tag: string }

/** The server is away or at fault, or the network is: trying again may succeed. Anything else is a refusal. */
const isTransient = (error: Tagged): boolean => {
  switch (error._tag) {
    case "RateLimited":
    case "ServerError":
    case "Unavailable":
    case "StreamDisconnected":
    case "HttpClientError":
      return true
    default:
      return false
  }
}

const retryAfter = (error: Tagged): Duration.Duration =>
  Duration.millis(error._tag === "RateLimited" ? ((error as { retryAfterMs?: number }).retryAfterMs ?? 0) : 0)

/**
 * When a failed stream (or request) is tried again, fed its errors: after 250 ms, doubling up to 10 s, each
 * delay jittered ±20% so that clients cut off together do not come back together; never sooner than a 429's
 * `retryAfterMs`; and not at all after a refusal (401, 403, 404, a malformed stream…).
 */
export const reconnectSchedule: Schedule.Schedule<Duration.Duration, Tagged> = Schedule.exponential(
  "250 millis",
  2,
).pipe(
  Schedule.setInputType<Tagged>(),
  Schedule.while(({ input }) => isTransient(input)),
  Schedule.modifyDelay(({ duration }) => Effect.succeed(Duration.min(duration, Duration.seconds(10)))),
  Schedule.jittered,
  Schedule.modifyDelay(({ input, duration }) => Effect.succeed(Duration.max(duration, retryAfter(input)))),
)

/**
 * `reconnectSchedule` as a plain function, for loops outside Effect: the delay in ms before trying again
 * after `error` at `attempt` (0: the base 250 ms, then doubling); null: give up and fail.
 */
export const retryDelay = (error: Tagged, attempt: number): number | null =>
  Effect.runSync(
    Effect.gen(function* () {
      const step = yield* Schedule.toStep(reconnectSchedule)
      let delay = Duration.zero
      for (let n = 0; n <= attempt; n++) [, delay] = yield* step(0, error)
      return Duration.toMillis(delay)
    }).pipe(Pull.catchDone(() => Effect.succeed(null))),
  )
