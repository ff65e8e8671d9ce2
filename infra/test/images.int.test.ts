import { randomBytes } from "node:crypto"
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freshDatabase } from "@boroughs/store/testing"
import { Effect, Exit, Scope } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { inRepo, readDockerfile } from "./dockerfile.js"
import {
  assemble,
  freePort,
  giveToRunUser,
  type Running,
  type Runtime,
  run,
  stop,
  waitFor,
} from "./runtime.js"

/**
 * The command each image runs, run here as the image would run it (see runtime.ts): the server answers
 * /api/health on PostgreSQL ($DATABASE_URL, a fresh database) or else its PGlite under BOROUGHS_HOME, the
 * house bots create and play games through it, the two Next.js sites serve their pages from it, and each
 * stops on SIGTERM within 10 s. The server and CLI bundles come from `turbo run build` (turbo.json orders
 * this task after them); the sites' production builds from their e2e suites (ordered likewise) or
 * `pnpm build`.
 */
const work = mkdtempSync(join(tmpdir(), "boroughs-infra-"))
chmodSync(work, 0o755)
const organiser = `brs_${randomBytes(24).toString("base64url")}`
/** The compose secret: a file the container's user can read. */
const tokenFile = join(work, "organiser_token")
writeFileSync(tokenFile, `${organiser}\n`, { mode: 0o400 })
giveToRunUser(tokenFile)

const scope = Effect.runSync(Scope.make())
const running: Running[] = []
let apiUrl = ""
/** A game the house bots played: the spectator site's lobby must list it. */
let playedGameId: string | undefined

const api = async (path: string) => {
  const response = await fetch(`${apiUrl}${path}`, { headers: { authorization: `Bearer ${organiser}` } })
  if (!response.ok) throw new Error(`${path}: ${response.status}`)
  return response.json() as Promise<unknown>
}

afterAll(async () => {
  for (const p of running.reverse()) await stop(p)
  await Effect.runPromise(Scope.close(scope, Exit.void))
  rmSync(work, { recursive: true, force: true })
})

describe("the server image's command", () => {
  let server: Runtime
  let process_: Running

  beforeAll(async () => {
    server = assemble("server", join(work, "server"))
    const database = process.env.DATABASE_URL
      ? (await Effect.runPromise(Scope.provide(freshDatabase(process.env.DATABASE_URL), scope))).url
      : undefined
    const port = await freePort()
    process_ = run(server, {
      PORT: String(port),
      BOROUGHS_ORGANISER_TOKEN_FILE: tokenFile,
      ...(database ? { DATABASE_URL: database } : {}),
    })
    running.push(process_)
    apiUrl = `http://127.0.0.1:${port}`
  })

  it("answers GET /api/health", async () => {
    const health = await waitFor(
      "the server's /api/health",
      process_,
      async () => {
        const r = await fetch(`${apiUrl}/api/health`)
        return r.status === 200 ? ((await r.json()) as { ok: boolean }) : undefined
      },
      120_000,
    )
    expect(health.ok).toBe(true)
    // BOROUGHS_HOME (the image's volume) holds the signing key it made, owned by the user it runs as.
    expect(existsSync(server.host("/var/lib/boroughs/.boroughs/organiser-ed25519.pem"))).toBe(true)
  })

  describe("the house bots image's command", () => {
    it("creates games on the server and plays them through the bot gateway", async () => {
      const bots = assemble("house-bots", join(work, "house-bots"))
      const imageArgv = (argv: string[]) => {
        const at = argv.indexOf("--api-url")
        // The compose service's address, replaced by this server's.
        expect(argv[at + 1]).toBe("http://server:8080")
        return argv.map((a, i) => (i === at + 1 ? apiUrl : a))
      }
      const p = run(bots, { BOROUGHS_ORGANISER_TOKEN_FILE: tokenFile }, imageArgv)
      running.push(p)
      type Lobby = { games: Array<{ gameId: string; version: number; players: Array<string | null> }> }
      const first = await waitFor(
        "a game created by the house bots",
        p,
        async () => ((await api("/api/games")) as Lobby).games[0],
        90_000,
      )
      expect(first.players.every((holder) => holder?.startsWith("bot:"))).toBe(true)
      // Played, not only created: its log grows with the bots' commands.
      const played = await waitFor(
        "moves by the house bots",
        p,
        async () => {
          const game = ((await api("/api/games")) as Lobby).games.find((g) => g.gameId === first.gameId)
          return game !== undefined && game.version >= first.version + 3 ? game : undefined
        },
        90_000,
      )
      const events = (await api(`/api/games/${played.gameId}/events`)) as { events: unknown[] }
      expect(events.events.length).toBeGreaterThanOrEqual(played.version)
      playedGameId = played.gameId

      const stopped = await stop(p)
      expect(stopped.ms).toBeLessThan(10_000)
      expect(stopped).toMatchObject({ code: 0, signal: null })
    })
  })

  describe.each(["spectator", "admin"] as const)("the %s image's command", (name) => {
    const built = existsSync(join(inRepo(readDockerfile(name).final.workdir), ".next/BUILD_ID"))
    if (!built && !process.env.CI)
      console.warn(
        `${name}: no production build (pnpm --filter @boroughs/${name} build): its command is not run`,
      )

    it.skipIf(!built && !process.env.CI)(
      "serves the site from the production build, reading the server",
      async () => {
        const site = assemble(name, join(work, name))
        const port = await freePort()
        const p = run(site, { PORT: String(port), BOROUGHS_API_URL: apiUrl })
        running.push(p)
        const page = await waitFor(
          `${name} on port ${port}`,
          p,
          async () => {
            const r = await fetch(`http://127.0.0.1:${port}/`)
            return r.status === 200 ? await r.text() : undefined
          },
          60_000,
        )
        expect(page).toMatch(/<html/i)
        // Its server side reads the game server: the lobby lists the bots' game, the admin passes /api on.
        if (name === "spectator") expect(page).toContain(playedGameId)
        if (name === "admin") {
          const r = await fetch(`http://127.0.0.1:${port}/api/health`)
          expect(r.status).toBe(200)
        }
        const stopped = await stop(p)
        expect(stopped.ms).toBeLessThan(10_000)
        // Handled, not killed by the signal's default action: as PID 1 of a container, node would ignore an
        // unhandled SIGTERM and be killed only when `docker stop` gives up.
        expect(stopped.signal).toBeNull()
      },
    )
  })

  it("stops on SIGTERM within 10 s", async () => {
    const stopped = await stop(process_)
    expect(stopped.ms).toBeLessThan(10_000)
    expect(stopped).toMatchObject({ code: 0, signal: null })
  })
})
