/**
 * What a loop that retries on its next wake-up says about failing: the first failure of a run (or a new
 * kind of failure), then that it works again. A database outage costs two lines, not one per polling tick.
 */
export const failureLog = (what: string) => {
  let failing: string | undefined
  return {
    failed: (message: string): void => {
      if (failing !== message) console.error(`boroughs: ${what}: ${message}; retrying`)
      failing = message
    },
    succeeded: (): void => {
      if (failing !== undefined) console.error(`boroughs: ${what}: working again`)
      failing = undefined
    },
  }
}
