import { Effect } from "effect"

/**
 * What a loop that retries on its next wake-up says about failing: the first failure of a run (or a new
 * kind of failure), then that it works again. A database outage costs two lines, not one per polling tick.
 */
export const failureLog = (what: string) => {
  let failing: string | undefined
  return {
    failed: (message: string): Effect.Effect<void> =>
      Effect.suspend(() => {
        const first = failing !== message
        failing = message
        return first ? Effect.logWarning(`${what}: ${message}; retrying`) : Effect.void
      }),
    succeeded: Effect.suspend(() => {
      const recovered = failing !== undefined
      failing = undefined
      return recovered ? Effect.logInfo(`${what}: working again`) : Effect.void
    }),
  }
}
