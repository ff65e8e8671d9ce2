import type { EventEnvelope } from "@boroughs/core"
import { EventStore, type IdempotencyConflict, type StoreError } from "@boroughs/store"
import { Context, Effect, Layer, Schedule } from "effect"
import { ContentionExhausted } from "./errors.js"
import * as Streams from "./Streams.js"

/** One organiser look at a game's secrets. */
export interface OrganiserView {
  readonly gameId: string
  /** The game's version the organiser saw. */
  readonly gameVersion: number
  readonly actor: string
  readonly at: string
  readonly reason: string
  /** Names the look: the same id appends once. */
  readonly commandId: string
}

/** Appends per look before giving up when organisers keep looking at one game at once. */
const ATTEMPTS = 8

/**
 * How long one recorded look covers the same organiser's other looks at the same game, either side of it.
 * Re-reading the game (after each of their own actions, or a reload) within it is not recorded again, so the
 * trail shows sessions of looking rather than every refresh. Either side, because looks that race each other
 * are stamped in any order: a look stamped a moment before the record that won the race is the same session.
 * The audit guarantee holds: every look falls within ten minutes of a recorded look by the same organiser at
 * that game.
 */
export const VIEW_COVERS_MS = 10 * 60 * 1000

/** The access stream's record of `view.actor`'s look that covers `view`, if any (newest first). */
const coveringRecord = (
  records: ReadonlyArray<EventEnvelope>,
  view: OrganiserView,
): EventEnvelope | undefined => {
  const now = Date.parse(view.at)
  for (let i = records.length - 1; i >= 0; i--) {
    const record = records[i] as EventEnvelope
    const data = record.data as { actor?: unknown; at?: unknown }
    if (record.type !== "OrganiserViewed" || data.actor !== view.actor || typeof data.at !== "string")
      continue
    if (Math.abs(now - Date.parse(data.at)) < VIEW_COVERS_MS) return record
  }
  return undefined
}

/**
 * The access stream of each game (ARCHITECTURE.md §4): every organiser look at a game's secrets is an event
 * of its own stream, apart from the game's log — who, when, at which version — so an audit can show it.
 */
export class AccessLog extends Context.Service<
  AccessLog,
  {
    /** The organiser looks at a game, oldest first. */
    readonly views: (gameId: string) => Effect.Effect<ReadonlyArray<EventEnvelope>, StoreError>
    /** A game's events and the looks at it, read whole (both empty for a game that does not exist). */
    readonly trailOf: (
      gameId: string,
    ) => Effect.Effect<
      { readonly game: ReadonlyArray<EventEnvelope>; readonly access: ReadonlyArray<EventEnvelope> },
      StoreError
    >
    /**
     * Records a look, unless the same organiser's record of a look at this game from the last
     * VIEW_COVERS_MS covers it. Organisers looking at once race for the stream's next version: the losers
     * look again for a covering record, then append again; ContentionExhausted when one kept losing.
     * Answers where the look is recorded (the covering record's place when it was not appended).
     */
    readonly recordView: (
      view: OrganiserView,
    ) => Effect.Effect<
      { readonly stream: string; readonly version: number },
      ContentionExhausted | IdempotencyConflict | StoreError
    >
  }
>()("@boroughs/engine/AccessLog") {
  static readonly layer: Layer.Layer<AccessLog, never, EventStore> = Layer.effect(
    AccessLog,
    Effect.map(EventStore, (store) => {
      const views = (gameId: string) => store.readStream(Streams.access(gameId))
      const appendView = (view: OrganiserView) =>
        Effect.gen(function* () {
          const streamId = Streams.access(view.gameId)
          const records = yield* store.readStream(streamId)
          const covering = coveringRecord(records, view)
          if (covering !== undefined) return { stream: streamId, version: covering.version }
          const { envelopes } = yield* store.append({
            streamId,
            streamType: "access",
            expectedVersion: records[records.length - 1]?.version ?? 0,
            commandId: view.commandId,
            events: [
              {
                type: "OrganiserViewed",
                data: {
                  gameId: view.gameId,
                  gameVersion: view.gameVersion,
                  actor: view.actor,
                  at: view.at,
                  reason: view.reason,
                },
                metadata: { commandId: view.commandId, actor: view.actor, time: view.at },
              },
            ],
          })
          return { stream: streamId, version: (envelopes[envelopes.length - 1] as EventEnvelope).version }
        })
      return {
        views,
        trailOf: (gameId) =>
          Effect.map(
            Effect.all([store.readStream(Streams.game(gameId)), views(gameId)], { concurrency: 2 }),
            ([game, access]) => ({ game, access }),
          ),
        recordView: (view) =>
          appendView(view).pipe(
            Effect.retry({
              schedule: Schedule.exponential("2 millis").pipe(Schedule.jittered),
              times: ATTEMPTS - 1,
              while: (e) => e._tag === "WrongExpectedVersion",
            }),
            Effect.catchTag("WrongExpectedVersion", () =>
              Effect.fail(new ContentionExhausted({ gameId: view.gameId, attempts: ATTEMPTS })),
            ),
          ),
      }
    }),
  )
}
