import { spawn } from "node:child_process"
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { analysisKey, defaultAnalysisSettings } from "@boroughs/core"
import { GameEngine, migrateServer, withServerTables } from "@boroughs/engine"
import { AnalysisReady } from "@boroughs/protocol"
import { EventStore } from "@boroughs/store"
import { Effect, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { storeLayer } from "./db.js"
import { engineLayer } from "./engine.js"
import { BUILT_CLI, migratedPglite, cli as run } from "./testing.js"

// `export --analysis` and `analyse` as a person runs them: the built CLI on a short finished game (Manhattan,
// two seats) in a PGlite folder, with few rollouts so an analysis takes seconds, and against a stand-in server
// that answers the analysis endpoint as the protocol says (queued, running, then ready; 409 for a live game).

const cli = (...args: string[]) => run(args)
const dir = mkdtempSync(join(tmpdir(), "boroughs-cli-analysis-"))
const db = join(dir, "db")
const plain = join(dir, "plain.ndjson")
const withAnalysis = join(dir, "with-analysis.ndjson")
const LIVE = "live-manhattan"
/** A game whose events the stand-in server shows ended while its analysis endpoint still says live. */
const RACING = "racing-manhattan"
let gameId = ""

const decodeReady = Schema.decodeUnknownSync(AnalysisReady)
const lastLine = (file: string) => readFileSync(file, "utf8").trimEnd().split("\n").pop() as string

/** The built CLI in its own process without blocking this one, so the stand-in server here can answer it. */
const cliAsync = (args: ReadonlyArray<string>) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn(process.execPath, [BUILT_CLI, ...args], {
      env: { ...process.env, DATABASE_URL: "", CI: "true", BOROUGHS_URL: "" },
    })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString()
    })
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    child.on("close", (code) => done({ code, stdout, stderr }))
  })

beforeAll(() => {
  migratedPglite(db)
  const played = cli(
    ...["selfplay", "--game", "manhattan", "--players", "2", "--seed", "analysis", "--bots", "heuristic"],
    ...["--db", db, "--out", plain],
  )
  expect(played.code).toBe(0)
  gameId = JSON.parse(played.stdout).gameId
})

describe("export --analysis from a database", () => {
  it("appends one line holding an AnalysisReady of the game; the envelopes' lines are the plain export's", () => {
    const exported = cli("export", gameId, "--db", db, "--analysis", "--rollouts", "4", "--out", withAnalysis)
    expect(exported.code).toBe(0)
    expect(exported.stderr).toBe(
      `boroughs: wrote ${readFileSync(plain, "utf8").split("\n").length - 1} events and the analysis to ${withAnalysis}\n`,
    )
    const text = readFileSync(withAnalysis, "utf8")
    const events = readFileSync(plain, "utf8")
    expect(text.startsWith(events)).toBe(true)
    expect(text.slice(events.length).split("\n")).toEqual([expect.stringMatching(/^\{"analysis":\{/), ""])
    const { analysis } = JSON.parse(lastLine(withAnalysis))
    const ready = decodeReady(analysis)
    expect(ready).toMatchObject({ status: "ready", gameId, game: "manhattan", seats: 2, perPosition: 4 })
    expect(ready.settings.rollouts).toBe(4)
    // The last position is the outcome itself; the others are estimates from the positions before.
    const lastEvent = JSON.parse(events.trimEnd().split("\n").pop() as string)
    expect(ready.positions.at(-1)?.version).toBe(lastEvent.version)
    expect(ready.positions.at(-1)?.rank).toEqual(lastEvent.data.ranks)
    expect(ready.decisions.length).toBeGreaterThan(10)
  })

  it("leaves the plain export as it was: the same bytes as selfplay's --out, with --game-id or the argument", () => {
    const byOption = cli("export", "--game-id", gameId, "--db", db)
    expect(byOption.code).toBe(0)
    expect(byOption.stdout).toBe(readFileSync(plain, "utf8"))
    expect(cli("export", gameId, "--db", db).stdout).toBe(byOption.stdout)
  })

  it("verify and position read an export with the analysis line as the stream alone", () => {
    const sound = cli("verify", withAnalysis)
    expect(sound.code).toBe(0)
    expect(sound.stdout).toBe(cli("verify", plain).stdout)
    expect(sound.stdout).toMatch(/^SOUND/)
    const position = cli("position", withAnalysis, "--at", "10")
    expect(position.code).toBe(0)
    expect(position.stdout).toBe(cli("position", plain, "--at", "10").stdout)
  })

  it("refuses a game that has not ended with exit code 2 and writes nothing", async () => {
    // A game created and left waiting for its first move, as a server leaves one between moves.
    await Effect.runPromise(
      Effect.gen(function* () {
        const engine = yield* GameEngine
        yield* engine.create({ gameId: LIVE, game: "manhattan", seats: 2, seed: "live", actor: "test" })
      }).pipe(Effect.scoped, Effect.provide(engineLayer(db))),
    )
    const refused = cli("export", LIVE, "--db", db, "--analysis", "--rollouts", "4")
    expect(refused.code).toBe(2)
    expect(refused.stdout).toBe("")
    expect(refused.stderr).toBe(
      `boroughs: game ${LIVE} has not ended: analysis is made only once a game has ended\n`,
    )
    // Without --analysis a live game exports as ever.
    expect(cli("export", LIVE, "--db", db).code).toBe(0)
  })

  it("--rollouts needs --analysis", () => {
    const r = cli("export", gameId, "--db", db, "--rollouts", "4")
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/--rollouts goes with --analysis/)
  })
})

describe("the analysis a server stored in the database", () => {
  it("is the one export --analysis appends, when it is ready and has the same settings", async () => {
    const { analysis } = JSON.parse(lastLine(withAnalysis))
    const { status: _status, gameId: _gameId, computedAt: _at, elapsedMs: _ms, ...result } = analysis
    const key = analysisKey(defaultAnalysisSettings)
    // As the server's runner leaves a finished row (core's GameAnalysis in `result`), here with a small
    // analysis under the default settings' key, so that only reading it could be this quick.
    await Effect.runPromise(
      Effect.gen(function* () {
        const store = yield* EventStore
        yield* migrateServer(store.db)
        yield* Effect.promise(() =>
          withServerTables(store.db)
            .insertInto("proj_analysis")
            .values({
              game_id: gameId,
              key,
              game: "manhattan",
              status: "ready",
              done: 1,
              total: 1,
              result: JSON.stringify({ ...result, key, settings: defaultAnalysisSettings }),
              error: null,
              queued_at: "2030-01-01T00:00:00.000Z",
              computed_at: "2030-01-01T00:00:01.000Z",
              elapsed_ms: 1234,
            })
            .execute(),
        )
      }).pipe(Effect.scoped, Effect.provide(storeLayer(db))),
    )
    const exported = cli("export", gameId, "--db", db, "--analysis")
    expect(exported.code).toBe(0)
    const ready = decodeReady(JSON.parse(exported.stdout.trimEnd().split("\n").pop() as string).analysis)
    expect(ready).toMatchObject({ key, computedAt: "2030-01-01T00:00:01.000Z", elapsedMs: 1234 })
    expect(ready.positions).toEqual(analysis.positions)
  })
})

describe("analyse", () => {
  it("prints an export's own analysis line seat by seat, or as JSON", () => {
    const r = cli("analyse", withAnalysis)
    expect(r.code).toBe(0)
    const { analysis } = JSON.parse(lastLine(withAnalysis))
    expect(r.stdout).toMatch(
      new RegExp(`^manhattan game ${gameId}: 2 seats, \\d+ decisions, \\d+ mistakes?; 4 rollouts a position`),
    )
    expect(r.stdout).toMatch(/\nseat 0: rank [12], chance of winning \d+% → (0|100)% {2}[▁▂▃▄▅▆▇█]+\n/)
    expect(r.stdout).toMatch(/\nseat 1: rank [12], /)
    const json = cli("analyse", withAnalysis, "--json")
    expect(JSON.parse(json.stdout)).toEqual(analysis)
  })

  it("makes one from an export without one, and from a game id in the database", () => {
    const { analysis } = JSON.parse(lastLine(withAnalysis))
    const fromFile = decodeReady(JSON.parse(cli("analyse", plain, "--rollouts", "4", "--json").stdout))
    const fromDb = decodeReady(
      JSON.parse(cli("analyse", gameId, "--db", db, "--rollouts", "4", "--json").stdout),
    )
    // Deterministic: the same game and settings, the same figures; only when and how long differ.
    for (const made of [fromFile, fromDb]) {
      const { computedAt: _at, elapsedMs: _ms, ...figures } = made
      const { computedAt: _at2, elapsedMs: _ms2, ...expected } = analysis
      expect(figures).toEqual(expected)
    }
  })

  it("refuses an export of a game that has not ended with exit code 2", () => {
    const unfinished = join(dir, "unfinished.ndjson")
    writeFileSync(unfinished, readFileSync(plain, "utf8").split("\n").slice(0, 20).join("\n"))
    const r = cli("analyse", unfinished, "--rollouts", "4")
    expect(r.code).toBe(2)
    expect(r.stdout).toBe("")
    expect(r.stderr).toBe(
      `boroughs: game ${gameId} has not ended: analysis is made only once a game has ended\n`,
    )
  })
})

describe("export --analysis --url, from a server", () => {
  let server: Server
  let url = ""
  let analysisAsks = 0

  const json = (res: import("node:http").ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" })
    res.end(JSON.stringify(body))
  }

  beforeAll(async () => {
    const envelopes = readFileSync(plain, "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => ({ ...JSON.parse(line), redacted: false }))
    const { analysis } = JSON.parse(lastLine(withAnalysis))
    // The server's answers to GET /api/games/:id/events and /analysis: the finished game's analysis is queued,
    // then running, then ready; the live game has two events, the second redacted, and no analysis.
    server = createServer((req, res) => {
      const path = new URL(req.url ?? "/", "http://x").pathname
      if (path === `/api/games/${gameId}/events`)
        return json(res, 200, { gameId, events: envelopes, version: envelopes.length, ended: true })
      if (path === `/api/games/${gameId}/analysis`) {
        analysisAsks++
        const key = analysis.key
        if (analysisAsks === 1) return json(res, 200, { status: "queued", gameId, key, done: 0, total: null })
        if (analysisAsks === 2) return json(res, 200, { status: "running", gameId, key, done: 5, total: 40 })
        return json(res, 200, analysis)
      }
      if (path === `/api/games/${LIVE}/events`) {
        const events = envelopes
          .slice(0, 2)
          .map((e, i) => ({ ...e, streamId: `game-${LIVE}`, redacted: i === 1 }))
        return json(res, 200, { gameId: LIVE, events, version: 2, ended: false })
      }
      if (path === `/api/games/${RACING}/events`) {
        const events = envelopes.map((e) => ({ ...e, streamId: `game-${RACING}` }))
        return json(res, 200, { gameId: RACING, events, version: events.length, ended: true })
      }
      if (path === `/api/games/${LIVE}/analysis` || path === `/api/games/${RACING}/analysis`)
        return json(res, 409, { _tag: "Conflict", message: "the game is live", reason: "game-live" })
      json(res, 404, { _tag: "NotFound", message: `no route ${path}` })
    })
    await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(() => new Promise<void>((closed) => server.close(() => closed())))

  it("waits while the server's analysis is queued and running, then writes the stream and the analysis", async () => {
    const r = await cliAsync(["export", gameId, "--url", url, "--analysis"])
    expect(r.stderr).toMatch(/the server's analysis of .* is queued; waiting/)
    expect(r.code).toBe(0)
    expect(analysisAsks).toBe(3)
    expect(r.stdout).toBe(readFileSync(withAnalysis, "utf8"))
  })

  it("refuses a live game with exit code 2", async () => {
    const r = await cliAsync(["export", LIVE, "--url", url, "--analysis"])
    expect(r.code).toBe(2)
    expect(r.stdout).toBe("")
    expect(r.stderr).toBe(
      `boroughs: game ${LIVE} has not ended: analysis is made only once a game has ended\n`,
    )
    // Without --analysis too: its secrets are redacted until the end, and a redacted stream verifies as nothing.
    const plainLive = await cliAsync(["export", LIVE, "--url", url])
    expect(plainLive.code).toBe(1)
    expect(plainLive.stderr).toMatch(/has not ended: the server shows its secrets only once it has/)
    // The server's own word (409 game-live) counts too, whatever its events said a moment before.
    const racing = await cliAsync(["export", RACING, "--url", url, "--analysis"])
    expect(racing.code).toBe(2)
    expect(racing.stderr).toBe(
      `boroughs: game ${RACING} has not ended: analysis is made only once a game has ended\n`,
    )
  })
})
