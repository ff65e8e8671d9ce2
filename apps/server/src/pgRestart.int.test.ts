import { type ChildProcess, spawn } from "node:child_process"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { Streams, verifyStream } from "@boroughs/engine"
import { EventStore } from "@boroughs/store"
import { postgresInstallation, type ThrowawayCluster, throwawayCluster } from "@boroughs/store/testing"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { hostedGames } from "./games.js"
import { http, ORGANISER } from "./testing.js"

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const installation = await postgresInstallation()
if ("missing" in installation)
  console.warn(
    `PostgreSQL restart test skipped: ${installation.missing}; it stops and starts a cluster of its own`,
  )

interface Node {
  readonly name: string
  readonly child: ChildProcess
  readonly base: string
  /** Everything the process wrote, for the failure message when it dies. */
  readonly output: () => string
}

/** A server process from the real entry point (as `pnpm dev` runs it), once it says where it listens. */
const startNode = (name: string, url: string) =>
  new Promise<Node>((resolvePromise, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "src/main.ts", "--port", "0", "--fixtures", "--node", name],
      {
        cwd: serverDir,
        // Few rollouts: each analysis of a finished game takes seconds, not the defaults' tens.
        env: {
          ...process.env,
          DATABASE_URL: url,
          BOROUGHS_ORGANISER_TOKEN: ORGANISER,
          BOROUGHS_ANALYSIS_ROLLOUTS: "4",
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    )
    let out = ""
    const timer = setTimeout(() => reject(new Error(`${name} did not start: ${out}`)), 60_000)
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString()
      const m = /listening on (http:\/\/\S+)/.exec(out)
      if (m) {
        clearTimeout(timer)
        resolvePromise({ name, child, base: m[1] as string, output: () => out })
      }
    })
    child.stderr?.on("data", (chunk: Buffer) => {
      out += chunk.toString()
    })
    child.on("exit", (code) => reject(new Error(`${name} exited (${code}): ${out}`)))
  })

const stopNode = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done()
    child.once("exit", () => done())
    child.kill("SIGTERM")
  })

const until = async (what: string, check: () => boolean | Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not in time: ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

const expectAlive = (nodes: ReadonlyArray<Node>) => {
  for (const n of nodes) expect(n.child.exitCode, `replica ${n.name} exited:\n${n.output()}`).toBeNull()
}

describe.skipIf("missing" in installation)("two server processes through a PostgreSQL restart", () => {
  let cluster: ThrowawayCluster | undefined
  let nodes: ReadonlyArray<Node> = []

  beforeAll(async () => {
    if ("missing" in installation) return
    cluster = await throwawayCluster(installation)
    const url = cluster.url
    nodes = await Promise.all([startNode("a", url), startNode("b", url)])
  }, 90_000)
  afterAll(async () => {
    await Promise.all(nodes.map((n) => stopNode(n.child)))
    await cluster?.destroy()
  })

  /** How many replicas say they lead (the background lock's holder); none may have died. */
  const leaders = async () => {
    expectAlive(nodes)
    const health = await Promise.all(nodes.map(async (n) => (await http(n.base).get("/api/health")).json))
    return health.filter((h) => h.leader === true).length
  }

  it("both replicas survive it; the lock is given up and taken again; games, clocks and projections resume; verify finds them sound", async () => {
    const db = cluster as ThrowawayCluster
    const [a, b] = nodes.map((n) => http(n.base)) as [ReturnType<typeof http>, ReturnType<typeof http>]
    await until("one replica leads", async () => (await leaders()) === 1)

    // Games the leader's turn clocks play to the end, and one played through the API on both replicas.
    // Ids of this attempt's own: CI retries a failed test once, against the same database.
    const attempt = Date.now().toString(36)
    const clocked = [`clocked-1-${attempt}`, `clocked-2-${attempt}`]
    for (const [i, gameId] of clocked.entries()) {
      const created = await (i % 2 === 0 ? a : b).post(
        "/api/games",
        { game: "bluff-dice", seats: 2, gameId, options: { rounds: 10, sides: 4 }, decisionMs: 100 },
        ORGANISER,
      )
      expect(created.status).toBe(201)
    }
    const played = `played-${attempt}`
    expect(
      (
        await a.post(
          "/api/games",
          {
            game: "bluff-dice",
            seats: 2,
            gameId: played,
            options: { rounds: 2, sides: 4 },
            decisionMs: null,
          },
          ORGANISER,
        )
      ).status,
    ).toBe(201)
    let moves = 0
    /** Plays the first legal command of the first seat to decide, on replica a and b in turn. */
    const playOne = async () => {
      const api = moves++ % 2 === 0 ? a : b
      const { json } = await api.get(`/api/games/${played}`, ORGANISER)
      if (json.status === "ended") return false
      const seat = json.pending[0]
      const { json: asSeat } = await api.get(`/api/games/${played}?seat=${seat}`, ORGANISER)
      const decision = asSeat.decisions.find((d: { seat: number }) => d.seat === seat)
      // The replica may hear of the last move between the two reads (or not yet at all): read again.
      if (decision === undefined) return true
      const r = await api.post(
        `/api/games/${played}/commands`,
        { commandId: `m${moves}`, seat, command: decision.legal[0], expectedVersion: asSeat.version },
        ORGANISER,
      )
      // Decided on a replica that had not yet heard of the last move: read again.
      if (r.status === 409 && r.json.reason === "stale-version") return true
      expect(r.status, JSON.stringify(r.json)).toBe(200)
      return true
    }
    await playOne()
    await playOne()
    await until("the clocks have played a few moves", async () => {
      const versions = await Promise.all(clocked.map(async (id) => (await a.get(`/api/games/${id}`)).json))
      return versions.every((g) => g.version >= 4)
    })
    for (const id of clocked) expect((await b.get(`/api/games/${id}`)).json.status).toBe("live")

    // The restart: every session is terminated, the lock's among them. The leader must stop leading as its
    // session ends, before the database is back and the other replica can take the lock: never two leaders.
    let mostLeaders = 0
    const count = async () => {
      const n = await leaders()
      mostLeaders = Math.max(mostLeaders, n)
      return n
    }
    await db.stop()
    await until("both replicas see the lock is gone", async () => (await count()) === 0, 3_000)
    await db.start()
    await until("one replica leads again", async () => (await count()) === 1, 15_000)
    expect(mostLeaders).toBe(1)
    // House bots play it to the end at once: the analysis job, on whichever replica leads now, takes it up.
    const analysed = `analysed-${attempt}`
    expect(
      (
        await b.post(
          "/api/games",
          {
            game: "uptown",
            seats: 2,
            gameId: analysed,
            players: ["builtin:heuristic", "builtin:heuristic"],
            decisionMs: null,
          },
          ORGANISER,
        )
      ).status,
    ).toBe(201)
    while (await playOne()) if (moves > 200) throw new Error("the played game does not end")
    await until(
      "the clocks end their games",
      async () => {
        const games = await Promise.all(clocked.map(async (id) => (await b.get(`/api/games/${id}`)).json))
        return games.every((g) => g.status === "ended")
      },
      30_000,
    )
    // The lobby is a projection: it lists every game as ended only once the projections run again.
    await until("the lobby shows every game ended", async () => {
      const { status, json } = await a.get("/api/games?status=ended")
      const ended = status === 200 ? json.games.map((g: { gameId: string }) => g.gameId) : []
      return [...clocked, played].every((id) => ended.includes(id))
    })
    // The analysis job outlived the restart.
    let analysis: unknown
    await until(
      "the analysis of the game ended after it is ready",
      async () => {
        analysis = (await a.get(`/api/games/${analysed}/analysis`)).json
        return (analysis as { status?: string }).status === "ready"
      },
      // Seconds on a quiet machine; the analysis runs on a worker thread that a loaded one starves.
      90_000,
    ).catch((error: Error) => {
      const logs = nodes.map((n) => `--- replica ${n.name}:\n${n.output().split("\n").slice(-30).join("\n")}`)
      throw new Error(`${error.message}; last answer ${JSON.stringify(analysis)}\n${logs.join("\n")}`)
    })
    expectAlive(nodes)

    // The record is whole: the engine's verify (what `boroughs verify` runs) replays each game from its log.
    const { findGame } = hostedGames(true)
    const reports = await Effect.runPromise(
      Effect.gen(function* () {
        const store = yield* EventStore
        return yield* Effect.forEach([...clocked, played], (id) =>
          Effect.map(store.readStream(Streams.game(id)), (envelopes) => verifyStream(envelopes, findGame)),
        )
      }).pipe(Effect.provide(EventStore.layerPostgres({ url: db.url }))),
    )
    for (const report of reports) {
      expect(report.problems, report.streamId).toEqual([])
      expect(report).toMatchObject({ ok: true, ended: true })
    }
  }, 180_000)

  it("says not ready, and answers 503 to what needs the database, while it is away; ready again after", async () => {
    const db = cluster as ThrowawayCluster
    const [a, b] = nodes.map((n) => http(n.base)) as [ReturnType<typeof http>, ReturnType<typeof http>]
    for (const api of [a, b]) expect((await api.get("/api/ready")).status).toBe(200)
    await db.stop()
    try {
      for (const api of [a, b]) {
        // Alive (a restart would not help) but not ready (send no traffic here).
        expect((await api.get("/api/health")).status).toBe(200)
        const ready = await api.get("/api/ready")
        expect(ready.status).toBe(503)
        expect(ready.json).toMatchObject({
          _tag: "Unavailable",
          message: expect.stringContaining("database"),
        })
        // The lobby is read from the database: 503 with the reason, not a 500 "fault of the server".
        const lobby = await api.get("/api/games")
        expect(lobby.status).toBe(503)
        expect(lobby.headers["retry-after"]).toBe("2")
        expect(lobby.json).toMatchObject({
          _tag: "Unavailable",
          message: expect.stringContaining("database"),
        })
        const create = await api.post("/api/games", { game: "bluff-dice", seats: 2 }, ORGANISER)
        expect(create.status).toBe(503)
        expect(create.json._tag).toBe("Unavailable")
      }
      expectAlive(nodes)
    } finally {
      await db.start()
    }
    for (const api of [a, b]) {
      await until("ready again", async () => (await api.get("/api/ready")).status === 200)
      expect((await api.get("/api/games")).status).toBe(200)
    }
    expectAlive(nodes)
  }, 30_000)
})
