import {
  type AnyGame,
  apply,
  type EventEnvelope,
  type GameStarted,
  type Match,
  toEvent,
} from "@boroughs/core"
import { EventStore, StoreError } from "@boroughs/store"
import { Cache, Context, Data, Duration, Effect, Exit, Layer } from "effect"
import { GameNotFound, UnknownGame } from "./errors.js"
import { SNAPSHOT_EVERY, type StoredMatch } from "./internal/SnapshotProjection.js"
import * as Streams from "./Streams.js"
import { jsonOf, withServerTables } from "./serverTables.js"

/** Restored snapshots kept in memory; a seek near a recent one costs no query for it. */
const CAPACITY = 512

// A string key: the cache hashes it several times faster than a record, and every warm seek hashes one.
const keyOf = (gameId: string, version: number) => `${gameId}@${version}`

const parseKey = (key: string) => {
  const at = key.lastIndexOf("@")
  return { gameId: key.slice(0, at), version: Number(key.slice(at + 1)) }
}

/** A position asked for that the game has not reached. */
export class VersionNotReached extends Data.TaggedError("VersionNotReached")<{
  readonly gameId: string
  readonly version: number
  readonly head: number
}> {
  override get message() {
    return `game ${this.gameId} is at version ${this.head}; version ${this.version} does not exist yet`
  }
}

/**
 * Any position of any game: the nearest snapshot at or before it, plus the events after the snapshot,
 * folded. With a snapshot every N events a seek reads one row and fewer than N events.
 */
export const makeSnapshots = Effect.fnUntraced(function* (
  store: EventStore["Service"],
  findGame: (id: string) => AnyGame | undefined,
  known: () => ReadonlyArray<string>,
  every: number = SNAPSHOT_EVERY,
) {
  const db = withServerTables(store.db)

  const nearest = (gameId: string, version: number) =>
    Effect.tryPromise({
      try: () =>
        db
          .selectFrom("proj_snapshots")
          .select(["version", "match"])
          .where("game_id", "=", gameId)
          .where("version", "<=", version)
          .orderBy("version", "desc")
          .limit(1)
          .executeTakeFirst(),
      catch: (cause) =>
        new StoreError({ reason: "query", message: `reading snapshots of ${gameId}: ${cause}`, cause }),
    })

  /** The match of the snapshot at `gameId@version`, or of the nearest before it; null when there is none. */
  const restore = Effect.fnUntraced(function* (key: string) {
    const { gameId, version } = parseKey(key)
    const row = yield* nearest(gameId, version)
    if (row === undefined) return null
    const stored = jsonOf<StoredMatch>(row.match)
    const game = findGame(stored.game)
    if (game === undefined) return yield* new UnknownGame({ game: stored.game, known: known() })
    const match: Match = {
      game,
      state: stored.state,
      seed: stored.seed,
      ended: stored.ended,
      events: stored.events,
    }
    return match
  })

  // Kept only when the snapshot the key names was found: finding one before it means the projection has yet to
  // write it (or the game to reach it). Failures are not kept. Concurrent seeks near one snapshot share its query.
  const restored = yield* Cache.makeWith(restore, {
    capacity: CAPACITY,
    timeToLive: (exit, key) =>
      Exit.isSuccess(exit) && exit.value?.events === parseKey(key).version
        ? Duration.infinity
        : Duration.zero,
  })

  /**
   * The match of `gameId` right after `version` (1 = GameStarted). `envelopes`, when the caller holds the
   * stream from version 1 (a live game), saves reading the events after the snapshot.
   */
  // Untraced: a seek's own work is often a few folds, less than a span costs; the request has its span.
  const matchAt = Effect.fnUntraced(function* (
    gameId: string,
    version: number,
    envelopes?: ReadonlyArray<EventEnvelope>,
  ) {
    // The snapshot a seek needs is at a known version: in memory already, it costs no query. Before the first
    // snapshot's version there is none to query for: the fold from GameStarted is all a seek there can do.
    const expected = Math.floor(version / every) * every
    let match: Match | null = expected > 0 ? yield* Cache.get(restored, keyOf(gameId, expected)) : null
    const from = match === null ? 1 : match.events + 1
    const events =
      from > version
        ? []
        : envelopes !== undefined && envelopes.length >= version
          ? envelopes.slice(from - 1, version)
          : yield* store.readStream(Streams.game(gameId), { from, to: version })
    if (match === null) {
      const first = events[0]
      if (first === undefined) return yield* new GameNotFound({ gameId })
      const started = toEvent(first) as GameStarted
      const game = findGame(started.game)
      if (game === undefined) return yield* new UnknownGame({ game: started.game, known: known() })
      match = { game, state: game.initial(started), seed: started.seed, ended: null, events: 1 }
    }
    for (const e of events) if (e.version > match.events) match = apply(match, toEvent(e as EventEnvelope))
    if (match.events < version) {
      const head = yield* store.head(Streams.game(gameId))
      if (head === null) return yield* new GameNotFound({ gameId })
      return yield* new VersionNotReached({ gameId, version, head: head.version })
    }
    return match
  })

  return { matchAt }
})

/** Positions of games from the snapshots of the store in context, as a service (the server's layer). */
export class Snapshots extends Context.Service<Snapshots, Effect.Success<ReturnType<typeof makeSnapshots>>>()(
  "@boroughs/engine/Snapshots",
) {
  static readonly layer = (
    findGame: (id: string) => AnyGame | undefined,
    known: () => ReadonlyArray<string>,
    every: number = SNAPSHOT_EVERY,
  ) =>
    Layer.effect(
      Snapshots,
      Effect.flatMap(EventStore, (store) => makeSnapshots(store, findGame, known, every)),
    )
}
