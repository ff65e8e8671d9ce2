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
