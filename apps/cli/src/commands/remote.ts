import { existsSync, readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { type Client, makeClient } from "@boroughs/protocol"
import { Effect } from "effect"
import { FetchHttpClient } from "effect/http"
import { CliError } from "../fail.js"
import { boroughsHome } from "../home.js"

/** Where `boroughs start` and `boroughs server` serve the API unless told otherwise. */
export const DEFAULT_SERVER_URL = "http://127.0.0.1:8080"

/** A running server and the token to call it with (none: a spectator). */
export interface Remote {
  readonly url: string
  readonly token: string | undefined
  /** Where the token came from, for messages ("in /path/.boroughs/organiser-token"). */
  readonly tokenFrom: string
}

/** `--url`, else $BOROUGHS_URL (as `boroughs-bot` reads it), else the default of `boroughs start`. */
export const serverUrl = (given: string | undefined): string => {
  const url = (given || process.env.BOROUGHS_URL || DEFAULT_SERVER_URL).replace(/\/+$/, "")
  if (!/^https?:\/\/[^/]/.test(url))
    throw new CliError(`the server's URL must start with http:// or https://, not "${url}"`)
  return url
}

/** A secret kept in a file: its first line, without the newline editors add. */
export const readTokenFile = (file: string, what: string): string => {
  if (!existsSync(file)) throw new CliError(`${what}: no such file ${file}`)
  const token = readFileSync(file, "utf8").trim()
  if (token === "") throw new CliError(`${what}: ${file} is empty`)
  return token
}

/**
 * The organiser's token, found where `boroughs start` and `boroughs server` find it: `--token-file`, else
 * $BOROUGHS_ORGANISER_TOKEN_FILE, else $BOROUGHS_ORGANISER_TOKEN, else the one they keep in
 * .boroughs/organiser-token. Never $BOROUGHS_TOKEN: that is a bot's (`boroughs-bot`), and an organiser's
 * command must not quietly send a bot's secret. Unlike the server, this never makes one up.
 */
export const organiserRemote = (o: { readonly url?: string; readonly tokenFile?: string }): Remote => {
  const url = serverUrl(o.url)
  if (o.tokenFile)
    return { url, token: readTokenFile(o.tokenFile, "--token-file"), tokenFrom: `in ${resolve(o.tokenFile)}` }
  const envFile = process.env.BOROUGHS_ORGANISER_TOKEN_FILE
  if (envFile)
    return {
      url,
      token: readTokenFile(envFile, "$BOROUGHS_ORGANISER_TOKEN_FILE"),
      tokenFrom: `in ${resolve(envFile)}`,
    }
  const given = process.env.BOROUGHS_ORGANISER_TOKEN
  if (given) return { url, token: given, tokenFrom: "in $BOROUGHS_ORGANISER_TOKEN" }
  const kept = join(boroughsHome(), "organiser-token")
  if (existsSync(kept))
    return { url, token: readTokenFile(kept, "the organiser token"), tokenFrom: `in ${kept}` }
  throw new CliError(
    `no organiser token: \`npx boroughs start\` (or \`boroughs server\`) keeps one in ${kept} once it has run; else give --token-file <file> or set $BOROUGHS_ORGANISER_TOKEN_FILE`,
  )
}

/** A viewer of the server: the holder of `--token-file`'s token, or a spectator without one. */
export const viewerRemote = (o: { readonly url?: string; readonly tokenFile?: string }): Remote => {
  const url = serverUrl(o.url)
  return o.tokenFile
    ? { url, token: readTokenFile(o.tokenFile, "--token-file"), tokenFrom: `in ${resolve(o.tokenFile)}` }
    : { url, token: undefined, tokenFrom: "none (a spectator)" }
}

type Failure = { readonly _tag?: string; readonly message?: string; readonly reason?: unknown }

/** One line for a failed call: the server's own message, with what to do about the usual ones. */
export const explainFailure = (error: unknown, remote: Remote): string => {
  const e = (error ?? {}) as Failure
  const message = e.message ?? String(error)
  switch (e._tag) {
    case "HttpClientError": {
      const reason = e.reason as { readonly _tag?: string } | undefined
      return reason?._tag === "TransportError"
        ? `no Boroughs server answers at ${remote.url} (start one with \`npx boroughs start\`, or give --url or $BOROUGHS_URL)`
        : `the server at ${remote.url} answered something unexpected: ${message}`
    }
    case "Unauthorized":
      return `the server at ${remote.url} refused the token ${remote.tokenFrom}: ${message}`
    case "Forbidden":
      return `${message} (the token used is ${remote.tokenFrom})`
    case "RuleViolation":
      return `refused by rule ${(e as { rule?: string }).rule}: ${message}`
    default:
      return message
  }
}

/** Runs calls of the typed client against the remote; a failure becomes one line for the terminal. */
export const callServer = <A, E>(
  remote: Remote,
  calls: (client: Client) => Effect.Effect<A, E>,
): Promise<A> =>
  Effect.runPromise(
    Effect.gen(function* () {
      const client = yield* makeClient({ baseUrl: remote.url, token: remote.token })
      return yield* calls(client)
    }).pipe(
      // A CliError is the calls' own verdict (with its exit code), already in the terminal's words.
      Effect.mapError((error) =>
        error instanceof CliError ? error : new CliError(explainFailure(error, remote)),
      ),
      Effect.provide(FetchHttpClient.layer),
    ),
  )
