import { Layer, Logger } from "effect"

/** How the server writes its logs: JSON lines (production, log shippers) or pretty (a terminal). */
export type LogFormat = "json" | "pretty"

/** The default: pretty when a person watches stderr, JSON lines when something else reads it. */
export const defaultLogFormat = (): LogFormat => (process.stderr.isTTY ? "pretty" : "json")

/**
 * The server's logger: every `Effect.log*` of the server and the engine, with its annotations (request id,
 * route, game id, status, duration), to stderr — stdout stays for what the process prints as data.
 */
export const loggerLayer = (format: LogFormat) =>
  Layer.merge(
    Logger.layer([format === "json" ? Logger.withConsoleError(Logger.formatJson) : Logger.consolePretty()]),
    Layer.succeed(Logger.LogToStderr, true),
  )
