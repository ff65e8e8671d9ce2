import { type Duration, Effect, Queue, Stream } from "effect"

/**
 * Fans wake-ups out to every open `wakeups` stream. A wake-up carries nothing: it only says new events may be
 * readable. Each stream buffers at most one, so a burst of appends costs its reader one read, and a tick
 * fires on its own in case a wake-up was lost (a dropped LISTEN connection, another process on PGlite).
 */
export class Wakeups {
  private readonly listeners = new Set<() => void>()

  /** Wakes every open stream. */
  readonly poke = (): void => {
    for (const listener of this.listeners) listener()
  }

  /** A stream that emits on every poke and at least once per `tick`. */
  stream(tick: Duration.Input): Stream.Stream<void> {
    const listeners = this.listeners
    return Stream.callback<void>(
      (queue) =>
        Effect.gen(function* () {
          const wake = () => {
            Queue.offerUnsafe(queue, undefined)
          }
          yield* Effect.acquireRelease(
            Effect.sync(() => listeners.add(wake)),
            () => Effect.sync(() => listeners.delete(wake)),
          )
          yield* Effect.forkScoped(Effect.forever(Effect.andThen(Effect.sleep(tick), Effect.sync(wake))))
        }),
      { bufferSize: 1, strategy: "sliding" },
    )
  }
}
