import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { findGame, replay, toEvent } from "@boroughs/core"
import { Streams } from "@boroughs/engine"
import { Effect } from "effect"
import { afterAll, bench, describe } from "vitest"
import { testServer } from "../src/testing.js"
import { DrivenGame, percentile } from "./harness.js"

/**
 * `GET /api/games/:id/view?at=<version>` on a finished Downtown game (issue 10: ≤ 10 ms for any position).
 * The server answers from the nearest snapshot (every 50 events) and fewer than 50 folds. Baselines in the
 * same run: a trivial route over the same HTTP path, and, in process, the fold of the whole log up to the
 * position that snapshots avoid.
 */
const TIMING = { time: 2_000, warmupTime: 200 }
const server = await testServer()
const downtown = findGame("downtown")?.game
if (downtown === undefined) throw new Error("Downtown is not registered")
const game = await DrivenGame.create(server.url, "seek", downtown, 4, undefined)
while (!game.ended) await game.step()
const head = game.version
// Wait for the snapshot projection to reach the end of the game.
for (;;) {
  const lobby = (await (await fetch(`${server.url}/api/games?status=ended`)).json()) as {
    games: Array<{ gameId: string; version: number }>
  }
  if (lobby.games.some((g) => g.gameId === "seek" && g.version === head)) break
  await new Promise((r) => setTimeout(r, 100))
}
const envelopes = await Effect.runPromise(server.store.readStream(Streams.game("seek")))
let n = 0
const position = () => 1 + ((n++ * 7919) % head) // spread over the whole game, deterministically
const seekTimes: number[] = []

afterAll(async () => {
  await server.close()
  const out = resolve(dirname(fileURLToPath(import.meta.url)), "../../../bench-results/server-seek.json")
  mkdirSync(dirname(out), { recursive: true })
  const figures = {
    game: "downtown, 4 seats",
    events: head,
    httpSeekP50Ms: Number(percentile(seekTimes, 50).toFixed(2)),
    httpSeekP99Ms: Number(percentile(seekTimes, 99).toFixed(2)),
    samples: seekTimes.length,
  }
  writeFileSync(out, `${JSON.stringify(figures, null, 2)}\n`)
  process.stderr.write(`view?at= seek: ${readFileSync(out, "utf8")}`)
})

describe(`view?at= on a finished Downtown game of ${head} events, over HTTP`, () => {
  bench(
    "baseline: GET /api/health",
    async () => {
      await (await fetch(`${server.url}/api/health`)).json()
    },
    TIMING,
  )
  bench(
    "GET /api/games/:id/view?at=<any version>",
    async () => {
      const t0 = performance.now()
      const r = await fetch(`${server.url}/api/games/seek/view?at=${position()}`)
      await r.json()
      seekTimes.push(performance.now() - t0)
      if (r.status !== 200) throw new Error(`view?at: ${r.status}`)
    },
    TIMING,
  )
})

describe("the position itself, in process", () => {
  bench(
    "baseline: fold the log from GameStarted up to the position",
    () => {
      const at = position()
      const match = replay(downtown, envelopes.slice(0, at).map(toEvent))
      downtown.view(match.state, { kind: "organiser" })
    },
    TIMING,
  )
  bench(
    "nearest snapshot + fewer than 50 folds (what the route does)",
    async () => {
      const match = await Effect.runPromise(server.app.snapshots.matchAt("seek", position(), envelopes))
      downtown.view(match.state, { kind: "organiser" })
    },
    TIMING,
  )
})
