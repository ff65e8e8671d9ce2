import {
  type AnalysisSettings,
  analyseGame,
  analysisKey,
  type Bot,
  botCommand,
  botRandom,
  defaultAnalysisSettings,
  findGame,
  type GameAnalysis,
  gameIds,
  type Match,
  winShares,
} from "@boroughs/core"
import { EventStore } from "@boroughs/store"
import { testBackends } from "@boroughs/store/testing"
import { Effect, Fiber, ManagedRuntime } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeAnalyses, RETRY_FAILED_AFTER_MS } from "./Analyses.js"
import { analysisProjection } from "./AnalysisProjection.js"
import { runAnalyses } from "./AnalysisRunner.js"
import { type AnalysisRow, readAnalysis } from "./analysis/analysisRows.js"
import { GameEngine } from "./GameEngine.js"
import { makeProjectionRunner } from "./ProjectionRunner.js"
import * as Streams from "./Streams.js"
import { withServerTables } from "./serverTables.js"
import { eventually, liveStack } from "./testkit/liveStack.js"

// Small settings keep each analysis to about a second; the algorithm's figures are core's to test.
const SETTINGS: AnalysisSettings = {
  ...defaultAnalysisSettings,
  rollouts: 4,
  minimumRollouts: 4,
  candidateRollouts: 4,
}
const KEY = analysisKey(SETTINGS)
const registered = (id: string) => findGame(id)?.game
const manhattan = findGame("manhattan")!

/** Plays `count` commands of a game (all of it by default) with the heuristic bot in every seat. */
const play = (gameId: string, count = Number.POSITIVE_INFINITY) =>
  Effect.gen(function* () {
    const engine = yield* GameEngine
    let { match } = yield* engine.load(gameId)
    for (let n = 0; n < count && !match.ended; n++) {
      const seat = manhattan.game.pending(match.state)[0]!.seat
      const command = botCommand(match, seat, manhattan.bots.heuristic as Bot, botRandom(gameId, seat))
      match = (yield* engine.handle({ gameId, seat, command, commandId: `${gameId}/${n}` })).game.match
    }
    return match as Match
  })

for (const backend of testBackends()) {
  describe(`the analysis of finished games on ${backend.name}`, () => {
    let runtime: ManagedRuntime.ManagedRuntime<GameEngine | EventStore, unknown>
    let store: EventStore["Service"]
    let ended: Match
    const projection = () => makeProjectionRunner(store, [analysisProjection(SETTINGS)], registered)
    const rowOf = (gameId: string) => readAnalysis(withServerTables(store.db), gameId, KEY)
    /** Runs the analysis runner (as a new leader would) until `done` holds, then stops it. */
    const runUntil = async (done: () => Promise<boolean>) => {
      const fiber = runtime.runFork(Effect.scoped(runAnalyses(SETTINGS, { pollMs: 20, progressEveryMs: 0 })))
      try {
        await eventually(done, 60_000)
      } finally {
        await runtime.runPromise(Fiber.interrupt(fiber))
      }
    }

    beforeAll(async () => {
      runtime = ManagedRuntime.make(liveStack(backend.layer, { findGame: registered, knownGames: gameIds }))
      store = await runtime.runPromise(
        Effect.gen(function* () {
          return yield* EventStore
        }),
      )
      ended = await runtime.runPromise(
        Effect.gen(function* () {
          const engine = yield* GameEngine
          for (const gameId of ["over", "live"])
            yield* engine.create({ gameId, game: "manhattan", seats: 2, seed: `seed-${gameId}` })
          yield* play("live", 3)
          return yield* play("over")
        }),
      )
      expect(ended.ended).not.toBeNull()
    })
    afterAll(() => runtime?.dispose())

    let first: GameAnalysis
    it("queues each ended game, never a live one, and analyses it on its thread as core does in process", async () => {
      await runtime.runPromise(projection().catchUpAll)
      expect((await rowOf("over"))?.status).toBe("queued")
      expect(await rowOf("live")).toBeNull()

      await runUntil(async () => (await rowOf("over"))?.status === "ready")
      const row = (await rowOf("over")) as AnalysisRow
      first = row.result as GameAnalysis
      const envelopes = await runtime.runPromise(store.readStream(Streams.game("over")))
      const finalVersion = envelopes.length
      expect(row.total).toBeGreaterThan(0)
      expect(row.elapsedMs).toBeGreaterThan(0)
      expect(row.computedAt).not.toBeNull()
      // Positions ascend to the final one, whose chances are the outcome; every position's sum to one.
      const versions = first.positions.map((p) => p.version)
      expect(versions).toEqual([...versions].sort((a, b) => a - b))
      expect(new Set(versions).size).toBe(versions.length)
      expect(versions[versions.length - 1]).toBe(finalVersion)
      for (const p of first.positions) expect(p.win.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 3)
      const ranks = ended.ended?.ranks as ReadonlyArray<number>
      expect(first.positions[first.positions.length - 1]?.win).toEqual(winShares(ranks))
      // The worker thread computes what core computes in this process from the same log.
      const inProcess = analyseGame(manhattan.game, manhattan.bots, envelopes, SETTINGS)
      expect(first).toEqual(JSON.parse(JSON.stringify(inProcess)))
      expect(first.key).toBe(KEY)
    })

    it("a rebuild queues every ended game again; a row left running by a stopped leader is taken up; a failure is kept", async () => {
      await runtime.runPromise(projection().rebuild)
      expect((await rowOf("over"))?.status).toBe("queued")
      expect(await rowOf("live")).toBeNull()
      const db = withServerTables(store.db)
      // As a leader that stopped mid-analysis leaves it.
      await db
        .updateTable("proj_analysis")
        .set({ status: "running", done: 7, total: 99 })
        .where("game_id", "=", "over")
        .execute()
      // A row whose game has no log (as if deleted): its analysis fails.
      await db
        .insertInto("proj_analysis")
        .values({
          game_id: "ghost",
          key: KEY,
          game: "manhattan",
          status: "queued",
          done: 0,
          total: null,
          result: null,
          error: null,
          queued_at: new Date().toISOString(),
          computed_at: null,
          elapsed_ms: null,
        })
        .execute()
      await runUntil(
        async () => (await rowOf("over"))?.status === "ready" && (await rowOf("ghost"))?.status === "failed",
      )
      // The same settings give the same analysis.
      expect((await rowOf("over"))?.result).toEqual(first)
      const failed = (await rowOf("ghost")) as AnalysisRow
      expect(failed.error).toMatch(/must start with GameStarted/)

      // A failure rests, then a request queues it again.
      const failedAt = Date.parse(failed.computedAt as string)
      const queued = { status: "queued", done: 0, total: null }
      const soon = makeAnalyses(store, SETTINGS, () => failedAt + 1_000)
      expect(await runtime.runPromise(soon.of("ghost"))).toEqual(queued)
      expect((await rowOf("ghost"))?.status).toBe("failed")
      const later = makeAnalyses(store, SETTINGS, () => failedAt + RETRY_FAILED_AFTER_MS)
      expect(await runtime.runPromise(later.of("ghost"))).toEqual(queued)
      expect((await rowOf("ghost"))?.status).toBe("queued")
      expect(await runtime.runPromise(later.of("over"))).toMatchObject({ status: "ready", analysis: first })
      expect(await runtime.runPromise(later.of("live"))).toEqual(queued)
      expect(await runtime.runPromise(makeAnalyses(store, false).of("over"))).toBeNull()
    })
  })
}
