/**
 * `GET /api/games/:id/view?at=` without HTTP: `Snapshots.matchAt` (the nearest snapshot, then fewer than
 * SNAPSHOT_EVERY folds) beside folding the log from GameStarted up to the same position, in one process, rounds
 * interleaved. Finished Downtown games on an in-memory PGlite, snapshots written by the real projection. The
 * route holds the live game's envelopes and runs in its request's fiber: so does the bench (one fiber a round).
 */
import { type AnyGame, canonicalJson, type EventEnvelope, type Match, replay, toEvent } from "@boroughs/core"
import type { Recorded } from "@boroughs/core/bench"
import { EventStore } from "@boroughs/store"
import { freshPglite } from "@boroughs/store/testing"
import { Effect, Layer, ManagedRuntime } from "effect"
import { GameEngine } from "../src/GameEngine.js"
import { SNAPSHOT_EVERY, snapshotProjection } from "../src/internal/SnapshotProjection.js"
import { migrateServer } from "../src/migrateServer.js"
import { makeProjectionRunner } from "../src/ProjectionRunner.js"
import { makeSnapshots } from "../src/Snapshots.js"
import * as Streams from "../src/Streams.js"

export interface SeekFigures {
  readonly games: number
  readonly positions: number
  /** µs per position, median of the rounds. */
  readonly fold: number
  readonly matchAt: number
  /** µs per position of the first pass, which reads every snapshot from the database once. */
  readonly matchAtCold: number
}

const median = (xs: ReadonlyArray<number>) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number

/** Plays `recorded` through the engine, snapshots them, then times seeks to every position of every game. */
export const seekBench = async (
  game: AnyGame,
  seats: number,
  recorded: ReadonlyArray<Recorded>,
  rounds: number,
): Promise<SeekFigures> => {
  const findGame = (id: string) => (id === game.id ? game : undefined)
  const runtime = ManagedRuntime.make(
    GameEngine.layer(findGame, () => [game.id]).pipe(Layer.provideMerge(freshPglite())),
  )
  try {
    const logs = await runtime.runPromise(
      Effect.gen(function* () {
        const store = yield* EventStore
        const engine = yield* GameEngine
        yield* migrateServer(store.db)
        const logs: Array<{ gameId: string; envelopes: ReadonlyArray<EventEnvelope> }> = []
        for (let g = 0; g < recorded.length; g++) {
          const gameId = `seek-${g}`
          yield* engine.create({ gameId, game: game.id, seats, seed: `bench-${g}` })
          const { commands } = recorded[g] as Recorded
          for (let i = 0; i < commands.length; i++) {
            const { seat, command } = commands[i] as Recorded["commands"][number]
            yield* engine.handle({ gameId, seat, command, commandId: `${gameId}/${i}` })
          }
          logs.push({ gameId, envelopes: yield* store.readStream(Streams.game(gameId)) })
        }
        yield* makeProjectionRunner(store, [snapshotProjection(SNAPSHOT_EVERY)], findGame).catchUpAll
        return logs
      }),
    )
    // Every position of every game, in an order that jumps about (as readers of a replay do).
    const seeks: Array<{ gameId: string; at: number; envelopes: ReadonlyArray<EventEnvelope> }> = []
    for (const log of logs) for (let at = 1; at <= log.envelopes.length; at++) seeks.push({ ...log, at })
    const order = seeks.map((_, i) => seeks[(i * 7919) % seeks.length] as (typeof seeks)[number])

    const snapshotsOf = () =>
      runtime.runPromise(
        Effect.flatMap(EventStore, (store) => makeSnapshots(store, findGame, () => [game.id])),
      )
    const seekAll = (snapshots: Awaited<ReturnType<typeof snapshotsOf>>) =>
      runtime.runPromise(
        Effect.gen(function* () {
          const t0 = performance.now()
          let last: Match | null = null
          for (const s of order) last = yield* snapshots.matchAt(s.gameId, s.at, s.envelopes)
          return { us: ((performance.now() - t0) * 1000) / order.length, last }
        }),
      )
    const foldAll = () => {
      const t0 = performance.now()
      let last: Match | null = null
      for (const s of order) last = replay(game, s.envelopes.slice(0, s.at).map(toEvent))
      return { us: ((performance.now() - t0) * 1000) / order.length, last }
    }

    // The first pass reads each snapshot once; it also checks every position against the fold.
    const snapshots = await snapshotsOf()
    const cold = await seekAll(await snapshotsOf())
    await runtime.runPromise(
      Effect.gen(function* () {
        for (const s of order) {
          const at = yield* snapshots.matchAt(s.gameId, s.at, s.envelopes)
          const folded = replay(game, s.envelopes.slice(0, s.at).map(toEvent))
          if (canonicalJson({ ...at, game: null }) !== canonicalJson({ ...folded, game: null }))
            throw new Error(`${s.gameId}@${s.at}: the snapshot's match is not the fold's`)
        }
      }),
    )
    for (let i = 0; i < 3; i++) {
      foldAll()
      await seekAll(snapshots)
    }
    const fold: number[] = []
    const matchAt: number[] = []
    for (let r = 0; r < rounds; r++) {
      fold.push(foldAll().us)
      matchAt.push((await seekAll(snapshots)).us)
    }
    return {
      games: logs.length,
      positions: order.length,
      fold: median(fold),
      matchAt: median(matchAt),
      matchAtCold: cold.us,
    }
  } finally {
    await runtime.dispose()
  }
}
