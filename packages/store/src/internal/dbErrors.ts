import { Effect } from "effect"
import { StoreError } from "../errors.js"

/** The fields pg's and PGlite's errors both carry. */
interface DriverError {
  readonly code?: unknown
  readonly message?: unknown
}

const asDriverError = (error: unknown): DriverError =>
  typeof error === "object" && error !== null ? (error as DriverError) : {}

/** SQLSTATE 23505: a unique index refused a row. */
export const isUniqueViolation = (error: unknown): boolean => asDriverError(error).code === "23505"

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  // No server socket: PostgreSQL reached through a Unix socket (`?host=/var/run/postgresql`) is down.
  "ENOENT",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
])

/**
 * True when the database could not be reached or went away: network errors, the server shutting down or
 * refusing connections (SQLSTATE classes 08 and 57P), a missing database (3D000) or a failed login (28xxx).
 */
export const isConnectionError = (error: unknown): boolean => {
  const { code, message } = asDriverError(error)
  if (typeof code === "string") {
    if (NETWORK_CODES.has(code)) return true
    if (code.startsWith("08") || code.startsWith("57P") || code.startsWith("28") || code === "3D000")
      return true
  }
  return (
    typeof message === "string" &&
    /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|not queryable/.test(
      message,
    )
  )
}

/**
 * True when a failure, or one it was caused by, says the database could not be reached rather than that a
 * query was wrong: the caller may answer "unavailable" and try again later. Looks through `cause` chains
 * (errors wrapped by each layer) and AggregateErrors (every address of a host refused).
 */
export const isUnreachable = (error: unknown, depth = 0): boolean => {
  if (depth > 8 || typeof error !== "object" || error === null) return false
  if (error instanceof StoreError && error.reason === "unreachable") return true
  if (isConnectionError(error)) return true
  if (error instanceof AggregateError && error.errors.some((e) => isUnreachable(e, depth + 1))) return true
  return "cause" in error && isUnreachable((error as { cause?: unknown }).cause, depth + 1)
}

/** A one-line description of a driver error; Node's AggregateError (every address refused) has no message. */
export const describeError = (error: unknown): string => {
  if (error instanceof AggregateError && error.message === "" && error.errors.length > 0)
    return describeError(error.errors[0])
  const { code, message } = asDriverError(error)
  const text = typeof message === "string" && message !== "" ? message : String(error)
  return typeof code === "string" && !text.includes(code) ? `${text} (${code})` : text
}

/** Wraps a driver error as a StoreError whose message says what the store was doing. */
export const toStoreError = (doing: string, error: unknown, where?: string): StoreError =>
  isConnectionError(error)
    ? new StoreError({
        reason: "unreachable",
        message: `cannot reach the database${where ? ` at ${where}` : ""} while ${doing}: ${describeError(error)}`,
        cause: error,
      })
    : new StoreError({ reason: "query", message: `${doing} failed: ${describeError(error)}`, cause: error })

/** Runs one database call, mapping its failure to a StoreError. */
export const attempt = <A>(
  doing: string,
  run: () => Promise<A>,
  where?: string,
): Effect.Effect<A, StoreError> =>
  Effect.tryPromise({ try: run, catch: (error) => toStoreError(doing, error, where) })

/** A database URL fit for messages and logs: the password is dropped. */
export const redactUrl = (url: string): string => {
  try {
    const parsed = new URL(url)
    parsed.password = ""
    return parsed.toString()
  } catch {
    return "<unparsable database URL>"
  }
}
