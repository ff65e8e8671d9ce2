/** Whether a seat's clock shows as a warning: under 10 s left. */
export const isRunningOut = (ms: number): boolean => ms < 10_000

/**
 * Time left before a deadline, as the countdown shows it: mm:ss (h:mm:ss from an hour up), whole seconds
 * rounded up so that "00:00" means the time is out, never negative.
 */
export const formatTimeLeft = (ms: number): string => {
  const seconds = Math.max(0, Math.ceil(ms / 1_000))
  const two = (n: number) => String(n).padStart(2, "0")
  const hours = Math.floor(seconds / 3_600)
  const minutes = Math.floor((seconds % 3_600) / 60)
  const mmss = `${two(minutes)}:${two(seconds % 60)}`
  return hours > 0 ? `${hours}:${mmss}` : mmss
}

/**
 * Milliseconds from `now` to a deadline the server gave. The deadline is the server's time and `now` the
 * browser's: a browser clock that is off shows the countdown off by as much, which is fine for watching
 * (the server, not this countdown, decides when the clock plays).
 */
export const timeLeftMs = (deadline: string, now: number): number => Date.parse(deadline) - now
