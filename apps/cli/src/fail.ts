/** An error meant for the person at the terminal: printed as one line, no stack, exit code 1 (or given). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message)
  }
}

/** One clear line for any failure: our own errors, Effect's tagged errors, or a surprise. */
export const describeError = (e: unknown): string => {
  if (e instanceof CliError) return e.message
  if (e && typeof e === "object") {
    const tagged = e as { _tag?: string; message?: string; rule?: string; reason?: string; gameId?: string }
    switch (tagged._tag) {
      case "CommandRejected":
        return `rejected by rule ${tagged.rule}: ${tagged.message}`
      case "GameNotFound":
        return `no game with id "${tagged.gameId}" in this database`
      case "StoreError":
        return `database ${tagged.reason}: ${tagged.message}`
      case "UnknownGame":
      case "GameExists":
      case "ContentionExhausted":
        return tagged.message || tagged._tag
    }
    if (tagged.message) return tagged.message
  }
  return String(e)
}
