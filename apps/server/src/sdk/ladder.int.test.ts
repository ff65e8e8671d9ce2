import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { pgliteTemplate } from "@boroughs/store/testing"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { defaultLimits } from "../config.js"
import { hostedGames } from "../games.js"
import { type RunningServer, startServer } from "../Server.js"
import { sentOnAFreshConnection } from "../testing.js"

/*
 * The ladder with real processes: three bots run `boroughs-bot play --ladder uptown` against a real server,
 * which pairs them, fills the tables with house bots, plays rated games with clocks and keeps the table. One
 * bot never answers (paused after its timeouts), one is killed (dropped from pairing), and the table rebuilt
 * from the log is the table kept as the games went.
 */

const ORGANISER = "ladder-test-organiser-0123456789"
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../../../packages/bot-sdk")
const tsx = resolve(packageDir, "node_modules/.bin/tsx")
const cli = resolve(packageDir, "src/cli.ts")
const work = mkdtempSync(join(tmpdir(), "boroughs-ladder-"))
const dataDir = join(work, "data")

const withoutToken = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !key.startsWith("BOROUGHS_TOKEN")),
)

const config = async (background: boolean) => ({
  host: "127.0.0.1",
  port: 0,
  // Made from the cached initdb dump the first time, opened as it is the second.
  database: {
    kind: "pglite" as const,
    dir: dataDir,
    ...(background ? { loadDataDir: await pgliteTemplate() } : {}),
  },
  ...hostedGames(false),
  organiserToken: ORGANISER,
  signingKeyFile: join(work, "organiser-ed25519.pem"),
  ...defaultLimits,
  rateLimits: null,
  keepAliveMs: 300,
  pollIntervalMs: 100,
  background,
  node: "ladder-test",
  logRequests: false,
  ladder: { decisionMs: 1_500, tickMs: 200 },
  // The ladder's games end here: their analyses (seconds of a core each) are for the analysis tests.
  analysis: false as const,
})

let server: RunningServer
const tokens: Record<string, string> = {}
const bots: Record<string, ChildProcess> = {}
const output: Record<string, string[]> = {}

const call = async (
  method: string,
  path: string,
  options: { token?: string | null | undefined; body?: unknown } = {},
) => {
  const token = "token" in options ? (options.token ?? null) : ORGANISER
  const send = () =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        "content-type": "application/json",
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    })
  const response = await sentOnAFreshConnection(send)
  const text = await response.text()
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the server answered.
  return { status: response.status, json: (text === "" ? null : JSON.parse(text)) as any }
}

// biome-ignore lint/suspicious/noExplicitAny: the ladder's JSON as served.
type Standing = any
const ladder = async (): Promise<{ standings: Standing[]; games: Standing[] }> => {
  const r = await call("GET", "/api/ladder/uptown", { token: null })
  expect(r.status).toBe(200)
  return r.json
}
const entry = async (name: string): Promise<Standing | undefined> =>
  (await ladder()).standings.find((s) => s.holder === `bot:${name}`)

const until = async <A>(what: string, probe: () => Promise<A | undefined | null | false>, ms = 90_000) => {
  const end = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value !== undefined && value !== null && value !== false) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}\n${JSON.stringify(output, null, 1)}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** Kills a bot as a crash would: its whole process group, at once. */
const kill = (name: string) => {
  const child = bots[name]
  if (child?.pid === undefined || child.exitCode !== null) return
  try {
    process.kill(-child.pid, "SIGKILL")
  } catch {}
}

const play = (name: string, bot: string) => {
  const tokenFile = join(work, `token-${name}`)
  writeFileSync(tokenFile, `${tokens[name]}\n`, { mode: 0o600 })
  output[name] = []
  const child = spawn(
    tsx,
    [cli, "play", "--url", server.url, "--token-file", tokenFile, "--bot", bot, "--ladder", "uptown"],
    // Its own process group: tsx runs the CLI in a child process, and killing the group kills both.
    { env: withoutToken, stdio: ["ignore", "pipe", "pipe"], detached: true },
  )
  const keep = (chunk: Buffer) => {
    const lines = output[name] as string[]
    lines.push(...chunk.toString().split("\n").filter(Boolean))
    if (lines.length > 40) lines.splice(0, lines.length - 40)
  }
  child.stdout?.on("data", keep)
  child.stderr?.on("data", keep)
  bots[name] = child
  return child
}

beforeAll(async () => {
  server = await startServer(await config(true))
  for (const [name, kind] of [
    ["alpha", "bot"],
    ["beta", "bot"],
    ["sleepy", "bot"],
    ["quick", "bot"],
    ["someone", "player"],
  ] as const) {
    const issued = await call("POST", "/api/tokens", { body: { kind, name } })
    expect(issued.status).toBe(201)
    tokens[name] = issued.json.token
  }
}, 60_000)

afterAll(async () => {
  for (const name of Object.keys(bots)) kill(name)
  await server?.close()
  rmSync(work, { recursive: true, force: true })
})

describe("the ladder", () => {
  it("refuses entries it cannot take, with the reason", async () => {
    const organiser = await call("POST", "/api/ladder/entries", { body: { game: "uptown" } })
    expect(organiser.status).toBe(403)
    expect(organiser.json.message).toMatch(/only bot tokens/)
    const player = await call("POST", "/api/ladder/entries", {
      token: tokens.someone,
      body: { game: "uptown" },
    })
    expect(player.status).toBe(403)
    expect(
      (await call("POST", "/api/ladder/entries", { token: null, body: { game: "uptown" } })).status,
    ).toBe(401)
    const unknown = await call("POST", "/api/ladder/entries", {
      token: tokens.alpha,
      body: { game: "chess" },
    })
    expect(unknown.status).toBe(404)
    expect(unknown.json.message).toMatch(/no ladder for "chess".*uptown/)
    const malformed = await call("POST", "/api/ladder/entries", { token: tokens.alpha, body: { game: 7 } })
    expect(malformed.status).toBe(400)
    const notIn = await call("DELETE", "/api/ladder/entries/uptown", { token: tokens.alpha })
    expect(notIn.status).toBe(404)
    expect(notIn.json.message).toMatch(/bot:alpha is not on the uptown ladder/)
    expect((await call("GET", "/api/ladder/chess", { token: null })).status).toBe(404)
    // Nothing above entered anyone.
    expect((await ladder()).standings).toEqual([])
  })

  it("pairs connected bots, plays rated games with house bots, pauses a bot that never answers", async () => {
    const sleepy = join(work, "sleepy.mjs")
    writeFileSync(sleepy, `export default { name: "sleepy", decide: () => new Promise(() => {}) }\n`)
    // The bot that never answers: the clock moves for it, and after three in a row it is paused. It plays
    // first, with house bots only: a table that seated it beside alpha or beta would hold their first rated
    // game up for a whole game of 1.5 s timeouts (a minute or more on a loaded machine).
    play("sleepy", sleepy)
    const paused = await until("sleepy to be paused", async () => {
      const e = await entry("sleepy")
      return e?.status === "paused" ? e : undefined
    })
    expect(paused.timeoutsInRow).toBeGreaterThanOrEqual(3)
    play("alpha", "heuristic")
    play("beta", "heuristic")

    // Rated games end and move the ratings; the answering bots are ranked.
    // A game of four seats on a 1.5 s clock: a minute or two when a loaded machine slows the bots' answers.
    const rated = await until(
      "alpha and beta to have rated games",
      async () => {
        const { standings } = await ladder()
        const a = standings.find((s: Standing) => s.holder === "bot:alpha")
        const b = standings.find((s: Standing) => s.holder === "bot:beta")
        return a?.games >= 1 && b?.games >= 1 ? standings : undefined
      },
      180_000,
    )
    for (const s of rated.filter((s: Standing) => s.holder !== "bot:sleepy")) {
      expect(s.rank).not.toBeNull()
      expect(s.connected).toBe(true)
      expect(s.status).toBe("active")
    }
    const { games } = await ladder()
    const ended = games.filter((g: Standing) => g.status === "ended")
    expect(ended.length).toBeGreaterThan(0)
    for (const g of ended) {
      expect(g.holders).toHaveLength(4)
      expect(g.holders.some((h: string) => h.startsWith("builtin:"))).toBe(true)
      expect(g.ranks).toHaveLength(4)
      expect(g.after).toHaveLength(4)
      // A rated game is an ordinary game: public, clocked, played to its end, sound on audit.
      const detail = await call("GET", `/api/games/${g.gameId}`, { token: null })
      expect(detail.status).toBe(200)
      expect(detail.json.status).toBe("ended")
      const audit = await call("GET", `/api/games/${g.gameId}/audit`, { token: null })
      expect(audit.status).toBe(200)
      expect(audit.json).toMatchObject({ chain: { ok: true }, seed: { matches: true }, replay: { ok: true } })
      expect(audit.json.problems).toEqual([])
    }
    // Once paused, the sleepy bot is not seated again.
    const pausedAt = Date.now()
    await new Promise((r) => setTimeout(r, 1_000))
    const later = (await ladder()).games.filter((g: Standing) => Date.parse(g.startedAt) > pausedAt + 500)
    for (const g of later) expect(g.holders).not.toContain("bot:sleepy")
  }, 300_000)

  it("seats a ladder bot in a guest's game: it plays there too, unrated; a bot not ready is refused", async () => {
    const refused = await call("POST", "/api/play", {
      token: null,
      body: {
        game: "uptown",
        seats: [{ kind: "me" }, { kind: "bot", bot: "nobody" }],
        name: "Gus",
        decisionMs: null,
      },
    })
    expect(refused.status).toBe(400)
    expect(refused.json.message).toMatch(/seat 1: bot:nobody is not on the uptown ladder and connected now/)
    expect(refused.json.message).toContain("bot:alpha")
    const twice = await call("POST", "/api/play", {
      token: null,
      body: {
        game: "uptown",
        seats: [{ kind: "me" }, { kind: "bot", bot: "alpha" }, { kind: "bot", bot: "bot:alpha" }],
        name: "Gus",
        decisionMs: null,
      },
    })
    expect(twice.status).toBe(400)
    expect(twice.json.message).toMatch(/seat 2: bot:alpha sits at seat 1 already/)

    const created = await call("POST", "/api/play", {
      token: null,
      body: {
        game: "uptown",
        seats: [{ kind: "bot", bot: "alpha" }, { kind: "me" }],
        name: "Gus",
        decisionMs: null,
      },
    })
    expect(created.status).toBe(201)
    const { gameId, token } = created.json
    const detail = await call("GET", `/api/games/${gameId}`, { token })
    expect(detail.json.players[0]).toBe("bot:alpha")
    // The guest plays its seat whenever it owes; the bot, on its runner, plays its own.
    const moved = await until("alpha to move in the guest's game", async () => {
      const mine = await call("GET", `/api/games/${gameId}`, { token })
      const decision = mine.json.decisions[0]
      if (decision !== undefined)
        await call("POST", `/api/games/${gameId}/commands`, {
          token,
          body: {
            commandId: `gus:${mine.json.version}`,
            seat: decision.seat,
            command: decision.legal[0],
            expectedVersion: mine.json.version,
          },
        })
      const events = await call("GET", `/api/games/${gameId}/events?limit=1000`, { token })
      return events.json.events.find((e: Standing) => e.metadata.actor === "bot:alpha")
    })
    expect(moved).toBeDefined()
    // Not a rated game: the ladder's games never list it.
    expect((await ladder()).games.map((g: Standing) => g.gameId)).not.toContain(gameId)
    const ended = await call("POST", `/api/games/${gameId}/actions`, {
      body: { action: { type: "Adjudicate", ranks: [1, 1], scores: [0, 0] }, reason: "end of the test" },
    })
    expect(ended.status).toBe(200)
  }, 60_000)

  it("drops a bot whose process is gone from pairing, and takes it back when it enters again", async () => {
    kill("beta")
    await until("beta to show as disconnected", async () => (await entry("beta"))?.connected === false)
    const goneAt = Date.now()
    // Alpha goes on playing, against house bots only.
    await until("a table without beta", async () => {
      const { games } = await ladder()
      return games.find((g: Standing) => Date.parse(g.startedAt) > goneAt && g.holders.includes("bot:alpha"))
    })
    for (const g of (await ladder()).games.filter((g: Standing) => Date.parse(g.startedAt) > goneAt))
      expect(g.holders).not.toContain("bot:beta")
    // Its game in progress goes on with the clock moving for it (which may pause it): nothing worse. Started
    // again, the runner enters again and the bot is back, active and connected, with the rating it had.
    const before = await entry("beta")
    expect(["active", "paused"]).toContain(before?.status)
    play("beta", "heuristic")
    const back = await until("beta to be back", async () => {
      const e = await entry("beta")
      return e?.status === "active" && e.connected === true ? e : undefined
    })
    expect(back.games).toBeGreaterThanOrEqual(before.games)
    kill("beta")

    // Leaving stops the pairing and keeps the record; entering again lifts a pause.
    const left = await call("DELETE", "/api/ladder/entries/uptown", { token: tokens.beta })
    expect(left.status).toBe(200)
    expect((await entry("beta"))?.status).toBe("left")
    const again = await call("POST", "/api/ladder/entries", {
      token: tokens.sleepy,
      body: { game: "uptown" },
    })
    expect(again.status).toBe(201)
    await until("sleepy to be active again", async () => (await entry("sleepy"))?.status === "active")
    const summary = await call("GET", "/api/ladder", { token: null })
    expect(summary.json.ladders.find((l: Standing) => l.game === "uptown")).toMatchObject({ entrants: 2 })
  }, 120_000)

  it("lets a bot leave the moment it has entered, before the table shows the entry", async () => {
    // The entries table is a projection a moment behind the ladder's stream: leaving goes by the stream.
    for (let round = 0; round < 3; round++) {
      const entered = await call("POST", "/api/ladder/entries", {
        token: tokens.quick,
        body: { game: "uptown" },
      })
      expect(entered.status).toBe(201)
      const left = await call("DELETE", "/api/ladder/entries/uptown", { token: tokens.quick })
      expect(left.status, JSON.stringify(left.json)).toBe(200)
      const again = await call("DELETE", "/api/ladder/entries/uptown", { token: tokens.quick })
      expect(again.status).toBe(404)
    }
    // Back to back in one process, where nothing waits for the projection in between.
    const { ladder: engine } = server.app
    for (let round = 0; round < 3; round++)
      await Effect.runPromise(
        Effect.andThen(engine.enter("uptown", "bot:quick"), engine.leave("uptown", "bot:quick")),
      )
    await until("quick to show as left", async () => (await entry("quick"))?.status === "left")
  })

  it("keeps a table that the log rebuilds exactly", async () => {
    for (const name of Object.keys(bots)) kill(name)
    await server.close()
    // The same database, nothing running: the projections catch up, then are rebuilt from the first event.
    server = await startServer(await config(false))
    await Effect.runPromise(server.app.projections.catchUpAll)
    const kept = (await ladder()).standings.map(({ connected: _, ...s }: Standing) => s)
    const keptGames = (await ladder()).games
    expect(kept.length).toBeGreaterThanOrEqual(3)
    await Effect.runPromise(server.app.projections.rebuild)
    const rebuilt = (await ladder()).standings.map(({ connected: _, ...s }: Standing) => s)
    expect(rebuilt).toEqual(kept)
    expect((await ladder()).games).toEqual(keptGames)
  }, 120_000)
})
