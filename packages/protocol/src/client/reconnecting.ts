import { Effect, Stream } from "effect"

/**
 * A stream that reopens itself: `open` is called again after a failure `delayFor` deems transient, after
 * the delay it gives (attempts count up while nothing arrives, and restart from 0 once something does).
 * `open` must resume where the last connection stopped (Last-Event-ID, a version), so nothing repeats.
 */
export const reconnecting = <A, E extends { readonly _tag: string }, R>(
  open: () => Stream.Stream<A, E, R>,
  delayFor: (error: E, attempt: number) => number | null,
  maxAttempts = Number.POSITIVE_INFINITY,
): Stream.Stream<A, E, R> => {
  const go = (attempt: number): Stream.Stream<A, E, R> =>
    Stream.suspend(() => {
      let received = false
      return open().pipe(
        Stream.tap(() =>
          Effect.sync(() => {
            received = true
          }),
        ),
        Stream.catch((error: E) => {
          const next = received ? 0 : attempt + 1
          const delay = next > maxAttempts ? null : delayFor(error, next)
          return delay === null ? Stream.fail(error) : Stream.unwrap(Effect.as(Effect.sleep(delay), go(next)))
        }),
      )
    })
  return go(0)
}
