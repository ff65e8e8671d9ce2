import { spawn } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freshDatabase, freshRole } from "@boroughs/store/testing"
import { Effect, Exit, Scope } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { BUILT_CLI, cli, listeningUrl } from "./testing.js"

// The database as an operator handles it: migrations as the tables' owner, the server as a role of its own,
// and no secret (a password in a database URL) on any process's command line but where the person put it.
const DATABASE_URL = process.env.DATABASE_URL
const tmp = () => mkdtempSync(join(tmpdir(), "boroughs-cli-db-"))

if (!DATABASE_URL)
  console.warn("`boroughs migrate --grant` test skipped: it needs PostgreSQL; set DATABASE_URL (CI does)")

/** The command line of every process whose parent is `pid` (Linux /proc). */
const childCommandLines = (pid: number): string[] =>
  readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        // The parent pid is the 4th field of stat, after the command name in parentheses.
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8")
        const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1])
        return parent === pid ? [readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ")] : []
      } catch {
        return []
      }
    })

describe("boroughs migrate, and database URLs kept off command lines", () => {
  /** A PGlite folder the tests share (a new one costs an initdb). */
  const db = join(tmp(), "db")

  it("migrate brings a PGlite folder's schema up to date; --grant is for PostgreSQL only (exit 2)", () => {
    const migrated = cli(["migrate", "--db", db])
    expect(migrated.stderr).toBe("")
    expect(migrated.code).toBe(0)
    expect(migrated.stdout).toBe("the PGlite database's schema is up to date\n")
    const refused = cli(["migrate", "--db", db, "--grant", "boroughs_app"])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toBe(
      "boroughs: --grant is for PostgreSQL: PGlite has one user and no roles to grant to\n",
    )
  })

  it("a password in --db works but is warned about, and no message repeats it", () => {
    const r = cli([
      "export",
      "--game-id",
      "g",
      "--db",
      "postgres://someone:hunter2-secret@127.0.0.1:1/nowhere",
    ])
    expect(r.code).toBe(1)
    expect(r.stderr.split("\n")[0]).toBe(
      "boroughs: warning: a password in --db shows in the process list; use $DATABASE_URL or $DATABASE_URL_FILE",
    )
    expect(r.stderr).not.toContain("hunter2-secret")
  })

  it("reads the URL from $DATABASE_URL_FILE, and says so plainly when it cannot (exit 2)", () => {
    const missing = join(tmp(), "no-such-file")
    const r = cli(["migrate"], 60_000, { DATABASE_URL_FILE: missing })
    expect(r.code).toBe(2)
    expect(r.stderr).toBe(
      `boroughs: cannot read the database URL from ${missing} ($DATABASE_URL_FILE): ENOENT\n`,
    )
    const file = join(tmp(), "database-url")
    writeFileSync(file, `${db}\n`)
    expect(cli(["migrate"], 60_000, { DATABASE_URL_FILE: file }).stdout).toBe(
      "the PGlite database's schema is up to date\n",
    )
  })

  describe.skipIf(!DATABASE_URL)("on PostgreSQL", () => {
    const scope = Effect.runSync(Scope.make())
    afterAll(() => Effect.runPromise(Scope.close(scope, Exit.void)))

    it("the owner migrates and grants a role; `boroughs server --db` runs as it with the URL off the server's command line", async () => {
      const adminUrl = DATABASE_URL as string
      // The role first, so that the database (holding its grants) is dropped before it.
      const role = await Effect.runPromise(freshRole(adminUrl).pipe(Scope.provide(scope)))
      const { url: ownerUrl } = await Effect.runPromise(freshDatabase(adminUrl).pipe(Scope.provide(scope)))
      const ownerFile = join(tmp(), "owner-url")
      writeFileSync(ownerFile, ownerUrl, { mode: 0o600 })
      const migrated = cli(["migrate", "--grant", role.name], 120_000, { DATABASE_URL_FILE: ownerFile })
      expect(migrated.code, migrated.stderr).toBe(0)
      expect(migrated.stdout).toContain(`granted ${role.name}:\n`)
      expect(migrated.stdout).toContain("  es_events: SELECT, INSERT\n")

      const app = new URL(ownerUrl)
      app.username = role.name
      app.password = role.password
      const server = spawn(
        process.execPath,
        [BUILT_CLI, "server", "--port", "0", "--db", app.toString(), "--no-background"],
        { env: { ...process.env, DATABASE_URL: "", CI: "true" }, stdio: ["ignore", "pipe", "pipe"] },
      )
      // Its stderr, for the warning; the URL comes the way every test reads it.
      let err = ""
      server.stderr.on("data", (chunk: Buffer) => {
        err += chunk.toString()
      })
      const closed = new Promise<void>((done) => server.on("close", () => done()))
      try {
        const api = await listeningUrl(server)
        expect((await fetch(`${api}/api/health`)).status).toBe(200)
        expect(err).toContain("boroughs: warning: a password in --db shows in the process list")
        // The CLI's own command line holds what the person typed; the server it started has no URL on its.
        const children = childCommandLines(server.pid as number)
        expect(children.some((line) => line.includes("dist/main.js"))).toBe(true)
        for (const line of children) expect(line).not.toContain(role.password)
      } finally {
        server.kill("SIGTERM")
        await closed
      }
    }, 180_000)
  })
})
