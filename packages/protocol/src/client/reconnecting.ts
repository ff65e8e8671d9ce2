import { Cause, Duration, Effect, Schedule, Stream } from "effect"

/** The delay in ms before reopening after `error`, at `attempt` (1: the first reopening); null: fail. */
export type ReconnectDelay<E> = (error: E, attempt: number) => number | null

/**
 * A stream that reopens itself: `open` is called again after each failure `policy` deems transient, after
 * the delay it gives. `policy` is a Schedule fed the errors (e.g. `reconnectSchedule`) or a function of the
 * error and attempt. Attempts count up while nothing arrives and restart once something does (effect's
 * `Stream.retry` resets its schedule at the first element); `maxAttempts` failures in a row end the stream.
 * `open` must resume where the last connection stopped (Last-Event-ID, a version), so nothing repeats.
 */
export const reconnecting = <A, E extends { readonly _tag: string }, R>(
  open: () => Stream.Stream<A, E, R>,
  policy: Schedule.Schedule<unknown, E> | ReconnectDelay<E>,
  maxAttempts = Number.POSITIVE_INFINITY,
): Stream.Stream<A, E, R> => {
  const schedule = typeof policy === "function" ? fromDelays(policy) : policy
  return Stream.suspend(open).pipe(
    Stream.retry(Number.isFinite(maxAttempts) ? Schedule.upTo(schedule, { times: maxAttempts }) : schedule),
  )
}

const fromDelays = <E>(delayFor: ReconnectDelay<E>): Schedule.Schedule<number, E> =>
  Schedule.fromStepWithMetadata(
    Effect.succeed((meta: Schedule.InputMetadata<E>) => {
      const delay = delayFor(meta.input, meta.attempt)
      return delay === null
        ? Cause.done(meta.attempt)
        : Effect.succeed([meta.attempt, Duration.millis(delay)] as [number, Duration.Duration])
    }),
  )
