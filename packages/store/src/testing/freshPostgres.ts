import { randomBytes } from "node:crypto"
import { Effect, type Scope } from "effect"
import { Client } from "pg"
import { StoreError } from "../errors.js"
import { describeError, redactUrl } from "../internal/dbErrors.js"

const withAdmin = async <A>(serverUrl: string, run: (client: Client) => Promise<A>): Promise<A> => {
  const client = new Client({ connectionString: serverUrl, connectionTimeoutMillis: 10_000 })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/**
 * A new, empty database on the server of `serverUrl` (any database there the user may connect to), dropped
 * when the scope closes. Test files of several packages share one server in parallel: each takes its own.
 */
export const freshDatabase = (
  serverUrl: string,
): Effect.Effect<{ readonly name: string; readonly url: string }, StoreError, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.tryPromise({
      try: async () => {
        const name = `boroughs_test_${randomBytes(6).toString("hex")}`
        await withAdmin(serverUrl, (admin) => admin.query(`create database ${name} template template0`))
        const url = new URL(serverUrl)
        url.pathname = `/${name}`
        return { name, url: url.toString() }
      },
      catch: (cause) =>
        new StoreError({
          reason: "unreachable",
          message: `cannot create a test database on ${redactUrl(serverUrl)}: ${describeError(cause)}`,
          cause,
        }),
    }),
    ({ name }) =>
      Effect.promise(() =>
        withAdmin(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`)).catch(
          () => undefined,
        ),
      ),
  )

/**
 * A new LOGIN role (no superuser, owns nothing) on the server of `serverUrl`, with a random name and password,
 * dropped when the scope closes. Roles are cluster-wide: open it before the databases it gets privileges in,
 * so that they are dropped first and nothing depends on it any more.
 */
export const freshRole = (
  serverUrl: string,
): Effect.Effect<{ readonly name: string; readonly password: string }, StoreError, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.tryPromise({
      try: async () => {
        const name = `boroughs_role_${randomBytes(6).toString("hex")}`
        const password = randomBytes(16).toString("hex")
        await withAdmin(serverUrl, (admin) => admin.query(`create role ${name} login password '${password}'`))
        return { name, password }
      },
      catch: (cause) =>
        new StoreError({
          reason: "unreachable",
          message: `cannot create a test role on ${redactUrl(serverUrl)}: ${describeError(cause)}`,
          cause,
        }),
    }),
    ({ name }) =>
      Effect.promise(() =>
        withAdmin(serverUrl, (admin) => admin.query(`drop role if exists ${name}`)).catch(() => undefined),
      ),
  )

/** Runs one statement on `url`, as a person would by hand: its rows, or the SQLSTATE and message it failed with. */
export const trySql = (
  url: string,
  text: string,
): Promise<
  | { readonly rows: ReadonlyArray<Record<string, unknown>>; readonly error: null }
  | {
      readonly rows: readonly []
      readonly error: { readonly code: string | undefined; readonly message: string }
    }
> =>
  withAdmin(url, async (client) => {
    try {
      return { rows: (await client.query(text)).rows, error: null }
    } catch (error) {
      const { code, message } = error as { code?: string; message: string }
      return { rows: [] as const, error: { code, message } }
    }
  })
