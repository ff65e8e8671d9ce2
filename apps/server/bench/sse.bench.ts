import { mkdirSync, writeFileSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { bluffDice } from "@boroughs/core/fixture"
import { freshDatabase } from "@boroughs/store/testing"
import { Effect, Exit, Scope } from "effect"
import { afterAll, bench, describe } from "vitest"
import { DrivenGame, percentile, Spectators, startBareProcess, startServerProcess } from "./harness.js"

/**
 * Append → SSE delivery on loopback (issue 10). Each iteration POSTs a command; the engine appends it;
 * the node's tailer reads it back from the fenced global log and fans it out to the game's spectators,
 * held by two client processes. Baseline in the same group: the same POST on a game nobody watches.
 * Latency per delivery is measured from the append's commit (reported by the server process) to each
 * stream's receipt. Targets: p50 ≤ 5 ms, p99 ≤ 25 ms with 1,000 open spectator streams; server RSS
 * < 400 MB with them and 100 live games. The floor, last: a bare node:http server writing frames of the
 * same size to 1,000 streams held by the same clients (the cost of the sockets alone on this machine).
 */
const STREAMS = 1_000
const LIVE_GAMES = 100
const TIMING = { time: 0, iterations: 40, warmupIterations: 3, warmupTime: 0 }
const OPTIONS = { rounds: 20, sides: 20 }
const results: Record<string, unknown> = {}
/** The size of the frames spectators got (an envelope's JSON), for the bare floor to send the same. */
let frameBytes = 0

/** PostgreSQL (the production target) when DATABASE_URL is set, then the embedded PGlite. */
const backends: Array<{ name: string; url: string | undefined; drop: () => Promise<void> }> = []
if (process.env.DATABASE_URL) {
  const scope = await Effect.runPromise(Scope.make())
  const { url } = await Effect.runPromise(freshDatabase(process.env.DATABASE_URL).pipe(Scope.provide(scope)))
  backends.push({ name: "PostgreSQL", url, drop: () => Effect.runPromise(Scope.close(scope, Exit.void)) })
}
backends.push({ name: "PGlite", url: undefined, drop: async () => {} })
const out = resolve(dirname(fileURLToPath(import.meta.url)), "../../../bench-results/server-sse.json")

/** Records one group's figures (bench-results/ is not committed) and prints them. */
const record = (name: string, figures: unknown) => {
  results[name] = figures
  mkdirSync(dirname(out), { recursive: true })
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`)
  process.stderr.write(`${name}: ${JSON.stringify(figures)}\n`)
}

for (const backend of backends) {
  const { base, child, commits, fanouts, idleRssBytes } = await startServerProcess(backend.url)
  const spectators = new Spectators(Number(process.env.BENCH_CLIENTS ?? 2))
  const health = async () =>
    (await (await fetch(`${base}/api/health`)).json()) as { memory: { rssBytes: number }; streams: number }
  afterAll(async () => {
    spectators.close()
    child.kill("SIGTERM")
    await backend.drop()
  })

  // 100 live games with a few moves each.
  const live: DrivenGame[] = []
  for (let i = 0; i < LIVE_GAMES; i++) {
    const g = await DrivenGame.create(base, `live${i}`, bluffDice, 5, OPTIONS)
    for (let m = 0; m < 3; m++) await g.step()
    live.push(g)
  }
  const quiet = await DrivenGame.create(base, "quiet", bluffDice, 5, OPTIONS)

  /** One iteration: play a command on `game`, wait until its `streams` spectators have its first event. */
  const delivery = (
    latencies: number[],
    serverSide: number[],
    pick: (i: number) => { game: DrivenGame; streams: number },
  ) => {
    let i = 0
    return async () => {
      const { game, streams } = pick(i++)
      const version = game.nextVersion
      const received = spectators.expect(game.gameId, version, streams)
      await game.step()
      const times = await received
      frameBytes = Math.max(frameBytes, game.lastEnvelopeBytes)
      const key = `game-${game.gameId}@${game.version}`
      const committed = commits.get(key) as number
      for (const t of times) latencies.push(t - committed)
      // The server's stamp comes over its stdout, which may lag the clients' receipts.
      while (!fanouts.has(key)) await new Promise((resolve) => setTimeout(resolve, 1))
      serverSide.push((fanouts.get(key) as number) - committed)
    }
  }

  const ms = (n: number) => Number(n.toFixed(2))

  const summary = async (latencies: number[], serverSide: number[]) => {
    const h = await health()
    return {
      deliveries: latencies.length,
      p50Ms: ms(percentile(latencies, 50)),
      p99Ms: ms(percentile(latencies, 99)),
      maxMs: ms(Math.max(...latencies)),
      serverCommitToFanoutDoneP50Ms: ms(percentile(serverSide, 50)),
      serverCommitToFanoutDoneP99Ms: ms(percentile(serverSide, 99)),
      serverIdleRssMB: Math.round(idleRssBytes / 2 ** 20),
      serverRssMB: Math.round(h.memory.rssBytes / 2 ** 20),
      openStreams: h.streams,
      liveGames: LIVE_GAMES + 2,
    }
  }

  const hot = await DrivenGame.create(base, "hot", bluffDice, 5, OPTIONS)

  /**
   * The options of a delivery benchmark: its spectators are opened before its warm-up and closed after its
   * run, so each group measures with its own 1,000 streams open, and its figures are recorded.
   */
  const withSpectators = (
    name: string,
    latencies: number[],
    serverSide: number[],
    games: ReadonlyArray<DrivenGame>,
    each: number,
  ) => ({
    ...TIMING,
    setup: async (_task: unknown, mode: string) => {
      if (mode === "warmup") for (const g of games) await spectators.open(base, g.gameId, each)
    },
    teardown: async (_task: unknown, mode: string) => {
      if (mode !== "run") return
      record(name, await summary(latencies.splice(0), serverSide.splice(0)))
      for (const g of games) spectators.closeGame(g.gameId)
    },
  })

  describe(`${backend.name}: append → SSE delivery, ${STREAMS} spectators on one game`, () => {
    const latencies: number[] = []
    const serverSide: number[] = []
    bench(
      "baseline: the command acknowledged (a game nobody watches)",
      async () => {
        await quiet.step()
      },
      TIMING,
    )
    bench(
      `the command delivered to all ${STREAMS} spectators`,
      delivery(latencies, serverSide, () => ({ game: hot, streams: STREAMS })),
      withSpectators(
        `${backend.name}: ${STREAMS} spectators on one game`,
        latencies,
        serverSide,
        [hot],
        STREAMS,
      ),
    )
  })

  describe(`${backend.name}: append → SSE delivery, ${STREAMS} spectators over ${LIVE_GAMES} games`, () => {
    const latencies: number[] = []
    const serverSide: number[] = []
    bench(
      "baseline: the command acknowledged (a game nobody watches)",
      async () => {
        await quiet.step()
      },
      TIMING,
    )
    bench(
      `the command delivered to its game's ${STREAMS / LIVE_GAMES} spectators`,
      delivery(latencies, serverSide, (i) => ({
        game: live[i % LIVE_GAMES] as DrivenGame,
        streams: STREAMS / LIVE_GAMES,
      })),
      withSpectators(
        `${backend.name}: ${STREAMS} spectators over ${LIVE_GAMES} games`,
        latencies,
        serverSide,
        live,
        STREAMS / LIVE_GAMES,
      ),
    )
  })
}

{
  const { base, child, commits } = await startBareProcess()
  const spectators = new Spectators(Number(process.env.BENCH_CLIENTS ?? 2))
  afterAll(() => {
    spectators.close()
    child.kill("SIGTERM")
  })
  const latencies: number[] = []
  let version = 0
  describe(`floor: a bare node:http server writing one frame to ${STREAMS} streams`, () => {
    bench(
      `the frame delivered to all ${STREAMS} streams`,
      async () => {
        const v = ++version
        const received = spectators.expect("bare", v, STREAMS)
        await fetch(`${base}/broadcast?version=${v}&bytes=${frameBytes || 700}`, { method: "POST" })
        const times = await received
        const sent = commits.get(`bare@${v}`) as number
        for (const t of times) latencies.push(t - sent)
      },
      {
        ...TIMING,
        setup: async (_task: unknown, mode: string) => {
          if (mode === "warmup") await spectators.open(base, "bare", STREAMS)
        },
        teardown: async (_task: unknown, mode: string) => {
          if (mode !== "run") return
          const ms = (n: number) => Number(n.toFixed(2))
          record(`floor: bare node:http, ${STREAMS} streams`, {
            deliveries: latencies.length,
            frameBytes,
            p50Ms: ms(percentile(latencies, 50)),
            p99Ms: ms(percentile(latencies, 99)),
            maxMs: ms(Math.max(...latencies)),
          })
        },
      },
    )
  })
}
