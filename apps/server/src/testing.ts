import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freshDatabase, pgliteTemplate } from "@boroughs/store/testing"
import { Effect, Exit, Scope } from "effect"
import { defaultLimits, type ServerConfig } from "./config.js"
import { hostedGames } from "./games.js"
import { type RunningServer, startServer } from "./Server.js"

/** The organiser secret of test servers. */
export const ORGANISER = "test-organiser-secret-0123456789"

/**
 * A server for tests: in-memory PGlite from the cached initdb dump (or the given database), any free port,
 * the registered games and Bluff Dice, no rate limits unless asked, quick keep-alives, no analyses.
 */
export const testServer = async (overrides: Partial<ServerConfig> = {}): Promise<RunningServer> =>
  startServer({
    host: "127.0.0.1",
    port: 0,
    // The initdb dump (tens of MB) is loaded only for the in-memory default, never kept for another database.
    database: overrides.database ?? { kind: "pglite", dir: undefined, loadDataDir: await pgliteTemplate() },
    ...hostedGames(true),
    organiserToken: ORGANISER,
    signingKeyFile: join(mkdtempSync(join(tmpdir(), "boroughs-key-")), "organiser-ed25519.pem"),
    ...defaultLimits,
    rateLimits: null,
    keepAliveMs: 500,
    pollIntervalMs: 100,
    background: true,
    node: "test",
    logRequests: false,
    // A finished game's analysis costs seconds of a core: only the tests that read one turn it on.
    analysis: false,
    ...overrides,
  })

/** What a test request answered. */
export interface TestResponse {
  readonly status: number
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the server answered.
  readonly json: any
  readonly headers: Readonly<Record<string, string>>
}

export interface TestRequest {
  readonly token?: string
  readonly body?: unknown
  readonly raw?: string
  readonly headers?: Record<string, string>
}

/**
 * Sends once more when the kept-alive connection a request went out on had just been closed by the server as
 * idle (a loaded machine's late timers): the server never read it (undici says ECONNRESET, or "other side
 * closed"), so the second try is the request's first.
 */
export const sentOnAFreshConnection = (send: () => Promise<Response>): Promise<Response> =>
  send().catch((error: unknown) => {
    const code = (error as { cause?: { code?: string } })?.cause?.code
    return code === "ECONNRESET" || code === "UND_ERR_SOCKET" ? send() : Promise.reject(error)
  })

/** A small HTTP client for tests: JSON in, status and parsed JSON out. */
export const http = (base: string) => {
  const call = async (method: string, path: string, options: TestRequest = {}): Promise<TestResponse> => {
    const headers: Record<string, string> = { ...options.headers }
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`
    let body: string | undefined
    if (options.raw !== undefined) body = options.raw
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers["content-type"] ??= "application/json"
    }
    const send = () => fetch(`${base}${path}`, { method, headers, ...(body === undefined ? {} : { body }) })
    const response = await sentOnAFreshConnection(send)
    const text = await response.text()
    let json: TestResponse["json"] = null
    try {
      json = text === "" ? null : JSON.parse(text)
    } catch {
      json = text
    }
    return { status: response.status, json, headers: Object.fromEntries(response.headers.entries()) }
  }
  return {
    get: (path: string, token?: string): Promise<TestResponse> =>
      call("GET", path, token === undefined ? {} : { token }),
    post: (path: string, body: unknown, token?: string): Promise<TestResponse> =>
      call("POST", path, { body, ...(token === undefined ? {} : { token }) }),
    call,
  }
}

/**
 * Reads until `done` holds of what `read` returned, and returns that: a test waits on what it needs (a
 * projection catching up, a stream delivering) rather than on a guessed time. Fails after `timeoutMs`,
 * naming `what` (a function: described as things are then) and the last value read.
 */
export const eventually = async <A>(
  what: string | (() => string),
  read: () => A | Promise<A>,
  done: (a: A) => boolean,
  { timeoutMs = 30_000, intervalMs = 20 }: { readonly timeoutMs?: number; readonly intervalMs?: number } = {},
): Promise<A> => {
  const end = Date.now() + timeoutMs
  for (;;) {
    const a = await read()
    if (done(a)) return a
    if (Date.now() > end)
      throw new Error(
        `${typeof what === "string" ? what : what()}: not within ${timeoutMs} ms; last read ${JSON.stringify(a)?.slice(0, 400)}`,
      )
    await new Promise((r) => setTimeout(r, intervalMs))
  }
}

/** Resolves once the wall clock is past `instant` (ms since the epoch): for behaviour the real clock drives. */
export const clockPast = async (instant: number): Promise<void> => {
  // A timer may fire a millisecond before Date.now() reaches its target: check and go again.
  while (Date.now() <= instant) await new Promise((r) => setTimeout(r, instant - Date.now() + 1))
}

/** The test backends of server tests: PGlite always, a fresh PostgreSQL database too when DATABASE_URL is set. */
export const serverBackends = (): ReadonlyArray<{
  readonly name: "pglite" | "postgres"
  /** The database config, and how to drop it afterwards. */
  readonly open: () => Promise<{ database: ServerConfig["database"]; drop: () => Promise<void> }>
}> => {
  const url = process.env.DATABASE_URL
  const pglite = {
    name: "pglite" as const,
    open: async () => ({
      database: { kind: "pglite" as const, dir: undefined, loadDataDir: await pgliteTemplate() },
      drop: async () => {},
    }),
  }
  if (url === undefined || url === "") return [pglite]
  return [
    pglite,
    {
      name: "postgres" as const,
      open: async () => {
        const scope = await Effect.runPromise(Scope.make())
        const db = await Effect.runPromise(freshDatabase(url).pipe(Scope.provide(scope)))
        return {
          database: { kind: "postgres" as const, url: db.url },
          drop: () => Effect.runPromise(Scope.close(scope, Exit.void)),
        }
      },
    },
  ]
}
