import { grantServerRole, migrateServer, serverRuntimePrivileges } from "@boroughs/engine"
import { EventStore } from "@boroughs/store"
import { freshDatabase, freshRole, trySql as query } from "@boroughs/store/testing"
import { Effect, Exit, Scope } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "./Server.js"
import { http, ORGANISER, testServer } from "./testing.js"

/*
 * The server as production runs it: the tables' owner migrates and grants; the server runs as a LOGIN role
 * that is neither owner nor superuser and holds only the grants (serverRuntimePrivileges). The game works,
 * and that role can neither change the log nor switch its protection off.
 */
const DATABASE_URL = process.env.DATABASE_URL

if (!DATABASE_URL)
  console.warn(
    "runtime role test skipped: it needs PostgreSQL (roles, privileges); set DATABASE_URL (CI does) to run it",
  )

describe.skipIf(!DATABASE_URL)(
  "the server on PostgreSQL as a role that may only append and read the log",
  () => {
    const adminUrl = DATABASE_URL as string
    const scope = Effect.runSync(Scope.make())
    // Roles are cluster-wide: one of this run's own, dropped after the database (the scope closes in reverse).
    let role = ""
    let ownerUrl = ""
    let appUrl = ""
    let server: RunningServer | undefined

    /** Plays the first legal command of the seat that owes one, as the organiser may. */
    const playOne = async (commandId: string) => {
      const api = http((server as RunningServer).url)
      const { json } = await api.get("/api/games/as-app", ORGANISER)
      const seat = json.pending[0] as number
      const { json: asSeat } = await api.get(`/api/games/as-app?seat=${seat}`, ORGANISER)
      const command = asSeat.decisions.find((d: { seat: number }) => d.seat === seat).legal[0]
      return api.post(
        "/api/games/as-app/commands",
        { commandId, seat, command, expectedVersion: json.version },
        ORGANISER,
      )
    }

    /** The store and server migrations and the grants, run as the owner: what `boroughs migrate --grant` does. */
    const migrateAsOwner = () =>
      Effect.runPromise(
        Effect.gen(function* () {
          const store = yield* EventStore
          yield* migrateServer(store.db)
          return yield* grantServerRole(store.db, role)
        }).pipe(Effect.scoped, Effect.provide(EventStore.layerPostgres({ url: ownerUrl }))),
      )

    beforeAll(async () => {
      const login = await Effect.runPromise(freshRole(adminUrl).pipe(Scope.provide(scope)))
      role = login.name
      ownerUrl = (await Effect.runPromise(freshDatabase(adminUrl).pipe(Scope.provide(scope)))).url
      // PostgreSQL before 15 lets every role create tables in `public`: the role must not migrate by itself.
      expect((await query(ownerUrl, "revoke create on schema public from public")).error).toBeNull()
      const url = new URL(ownerUrl)
      url.username = role
      url.password = login.password
      appUrl = url.toString()
    })

    afterAll(async () => {
      await server?.close()
      await Effect.runPromise(Scope.close(scope, Exit.void))
    })

    it("the owner migrates and grants exactly the declared privileges; the role is no superuser and owns nothing", async () => {
      const granted = await migrateAsOwner()
      expect(granted).toContain("es_events: SELECT, INSERT")
      const tables = await query(ownerUrl, "select tablename from pg_tables where schemaname = 'public'")
      // Every table the migrations make has its privileges declared: none is left out, none granted by accident.
      expect(tables.rows.map((r) => r.tablename).sort()).toEqual(Object.keys(serverRuntimePrivileges).sort())
      const privileges = await query(
        ownerUrl,
        `select table_name, string_agg(privilege_type, ',' order by privilege_type) as privileges
       from information_schema.role_table_grants where grantee = '${role}' group by table_name`,
      )
      expect(Object.fromEntries(privileges.rows.map((r) => [r.table_name, r.privileges]))).toMatchObject({
        es_events: "INSERT,SELECT",
        es_streams: "INSERT,SELECT",
        es_migration: "SELECT",
        srv_kysely_migration: "SELECT",
      })
      const me = await query(appUrl, "select rolsuper from pg_roles where rolname = current_user")
      expect(me.rows).toEqual([{ rolsuper: false }])
    })

    it("starts on the migrated schema as that role, without migrating, and plays games over HTTP", async () => {
      server = await testServer({ database: { kind: "postgres", url: appUrl } })
      const api = http(server.url)
      const bot = await api.post("/api/tokens", { kind: "bot", name: "alpha" }, ORGANISER)
      expect(bot.status).toBe(201)
      const created = await api.post(
        "/api/games",
        { game: "bluff-dice", seats: 2, gameId: "as-app", players: ["bot:alpha", null], decisionMs: null },
        ORGANISER,
      )
      expect(created.status).toBe(201)
      for (let i = 0; i < 3; i++) {
        const played = await playOne(`c${i}`)
        expect(played.status, JSON.stringify(played.json)).toBe(200)
      }
      // A token revoked: the one column the role may update.
      expect((await api.call("DELETE", `/api/tokens/${bot.json.tokenId}`, { token: ORGANISER })).status).toBe(
        204,
      )
      // The projections run as the role too: the lobby lists the game at its version.
      const deadline = Date.now() + 15_000
      let listed: { gameId: string; version: number } | undefined
      while (Date.now() < deadline) {
        listed = (await api.get("/api/games")).json.games.find(
          (g: { gameId: string }) => g.gameId === "as-app",
        )
        if (listed !== undefined && listed.version > 1) break
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(listed?.version).toBeGreaterThan(1)
    })

    it.each([
      ["UPDATE es_events", "update es_events set event_type = 'Forged'"],
      ["DELETE FROM es_events", "delete from es_events"],
      ["TRUNCATE es_events", "truncate es_events"],
      ["ALTER TABLE es_events DISABLE TRIGGER ALL", "alter table es_events disable trigger all"],
      ["SET session_replication_role = replica", "set session_replication_role = replica"],
      ["UPDATE srv_tokens (a token's kind)", "update srv_tokens set kind = 'organiser'"],
    ])("as that role, %s is refused: permission denied", async (_name, statement) => {
      const result = await query(appUrl, statement)
      expect(result.error?.code, result.error?.message).toBe("42501")
    })

    it("the game goes on after the attempts, and the log is as it was", async () => {
      const played = await playOne("after")
      expect(played.status, JSON.stringify(played.json)).toBe(200)
      const api = http((server as RunningServer).url)
      const audit = await api.get("/api/games/as-app/audit", ORGANISER)
      expect(audit.status).toBe(200)
      expect(JSON.stringify(audit.json)).not.toContain("Forged")
      const forged = await query(
        ownerUrl,
        "select count(*)::int as n from es_events where event_type = 'Forged'",
      )
      expect(forged.rows).toEqual([{ n: 0 }])
    })

    it.each([
      ["the server tables'", "srv_kysely_migration", "0003_tournament_standings"],
      ["the store's", "es_migration", "0002_streams_without_head"],
    ])(
      "refuses to start as that role on a schema older than it, saying %s migration is owed",
      async (what, table, name) => {
        // An older schema: the owner's bookkeeping without its last migration.
        const row = await query(ownerUrl, `delete from ${table} where name = '${name}' returning *`)
        expect(row.rows).toHaveLength(1)
        try {
          const failed = await testServer({ database: { kind: "postgres", url: appUrl } }).then(
            async (started) => {
              await started.close()
              return null
            },
            (error: Error) => error.message,
          )
          expect(failed).toContain(`${what} schema is older than this version (not yet run: ${name})`)
          expect(failed).toContain(`the database role ${role} may not migrate it`)
          expect(failed).toContain("boroughs migrate")
        } finally {
          const [restored] = row.rows as Array<Record<string, unknown>>
          const columns = Object.keys(restored as object)
          await query(
            ownerUrl,
            `insert into ${table} (${columns.join(", ")}) values (${columns
              .map(
                (c) =>
                  `'${(restored?.[c] instanceof Date ? (restored[c] as Date).toISOString() : restored?.[c]) as string}'`,
              )
              .join(", ")})`,
          )
        }
      },
    )
  },
)
