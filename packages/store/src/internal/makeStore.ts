import { canonicalJson, type EventEnvelope, GENESIS_HASH } from "@boroughs/core/kernel"
import { type Duration, Effect, type Scope } from "effect"
import type { Kysely } from "kysely"
import type { AppendRequest, AppendResult, EventStore, GlobalPosition } from "../EventStore.js"
import { IdempotencyConflict, StoreError, WrongExpectedVersion } from "../errors.js"
import { eventIdFor } from "../eventIds.js"
import type { Database } from "../schema.js"
import { type AppendWrite, appendStatement } from "./appendSql.js"
import type { Backend } from "./backend.js"
import { chainEvents } from "./chain.js"
import { attempt, isUniqueViolation, toStoreError } from "./dbErrors.js"
import { LinkCache } from "./linkCache.js"
import { migrateIfBehind } from "./migrate.js"
import * as Q from "./queries.js"
import {
  type EventRow,
  type GlobalRow,
  type StreamRow,
  toEnvelope,
  toGlobalEvent,
  toPosition,
  toStreamHead,
} from "./rows.js"
import { Wakeups } from "./wakeups.js"

/** How often readers are woken without an append, in case a wake-up was lost (ARCHITECTURE.md §4). */
export const DEFAULT_POLL_INTERVAL: Duration.Input = "250 millis"
const MAX_VERSION = 2_147_483_647

/** What `events` would be once stored: the fields a retry must repeat exactly (metadata may differ). */
const sameEvent = (stored: EventEnvelope, requested: AppendRequest["events"][number]): boolean =>
  stored.type === requested.type &&
  stored.schemaVersion === (requested.schemaVersion ?? 1) &&
  canonicalJson(stored.data) === canonicalJson(JSON.parse(JSON.stringify(requested.data)))

/**
 * Builds the store on a backend: migrates, then serves appends, reads, checkpoints and wake-ups. `listen`
 * starts whatever delivers other processes' appends as pokes (Postgres LISTEN); the store pokes itself too.
 */
export const makeStore = (
  backend: Backend,
  options: {
    readonly listen?: ((poke: () => void) => Effect.Effect<void, never, Scope.Scope>) | undefined
    readonly pollInterval?: Duration.Input | undefined
  } = {},
): Effect.Effect<EventStore["Service"], StoreError, Scope.Scope> =>
  Effect.gen(function* () {
    const { db, where } = backend
    yield* migrateIfBehind(db as Kysely<unknown>)
    const links = new LinkCache()
    const wakeups = new Wakeups()
    if (options.listen) yield* options.listen(wakeups.poke)

    const run = <A>(doing: string, query: () => Promise<A>) => attempt(doing, query, where)
    const writeAppend = backend.append ?? ((input: AppendWrite) => backend.write(appendStatement(input)))

    /** A stream's type and head, or undefined when it has no events. */
    const readHead = (streamId: string) =>
      run(`reading the head of ${streamId}`, async () => {
        const rows = await backend.execute<StreamRow>(Q.headStatement(streamId))
        return rows[0]
      })

    /**
     * The hash at `expectedVersion` from what this store has seen: null when the stream is past that version,
     * undefined when only the database can tell.
     */
    const knownPrevHash = (streamId: string, expectedVersion: number): string | null | undefined => {
      if (expectedVersion === 0) return GENESIS_HASH
      const link = links.get(streamId)
      if (link === undefined || link.version < expectedVersion) return undefined
      return link.version === expectedVersion ? link.hash : null
    }

    /** The hash at `expectedVersion` read from the stream's head, or null when it is not at that version. */
    const headHashAt = (streamId: string, expectedVersion: number) =>
      Effect.gen(function* () {
        const head = yield* readHead(streamId)
        if (head === undefined) return null
        links.remember(streamId, { version: head.version, hash: head.head_hash })
        return head.version === expectedVersion ? head.head_hash : null
      })

    /** A retried command: the stored result if it repeats the same events on the same stream. */
    const replayOf = (request: AppendRequest, stored: ReadonlyArray<EventRow>) => {
      const envelopes = stored.map(toEnvelope)
      const elsewhere = envelopes.find((e) => e.streamId !== request.streamId)
      if (elsewhere !== undefined)
        return Effect.fail(
          new IdempotencyConflict({
            commandId: request.commandId,
            message: `command ${request.commandId} was already appended to stream ${elsewhere.streamId}, not ${request.streamId}`,
          }),
        )
      const same =
        envelopes.length === request.events.length &&
        envelopes.every(
          (e, i) => e.eventId === eventIdFor(request.commandId, i) && sameEvent(e, request.events[i]!),
        )
      if (!same)
        return Effect.fail(
          new IdempotencyConflict({
            commandId: request.commandId,
            message: `command ${request.commandId} was already appended to ${request.streamId} with different events`,
          }),
        )
      return Effect.succeed<AppendResult>({ envelopes, duplicate: true })
    }

    /** Why an append stored nothing: a retry (replay it), a reused command id, or a stream that moved on. */
    const explainRefusal = (request: AppendRequest) =>
      Effect.gen(function* () {
        // One id past the request's: a stored command with more events than the retry is not the same command.
        const ids = Array.from({ length: request.events.length + 1 }, (_, i) =>
          eventIdFor(request.commandId, i),
        )
        const stored = yield* run(`looking up command ${request.commandId}`, () =>
          Q.selectEventsById(db, ids),
        )
        if (stored.length > 0) return yield* replayOf(request, stored)
        const head = yield* readHead(request.streamId)
        if (head !== undefined)
          links.remember(request.streamId, { version: head.version, hash: head.head_hash })
        const actualVersion = head?.version ?? 0
        if (actualVersion === request.expectedVersion)
          return yield* new StoreError({
            reason: "corrupt",
            message: `stream ${request.streamId} is at version ${actualVersion} yet refused events after it: es_streams and es_events disagree (a stream row without events?)`,
          })
        return yield* new WrongExpectedVersion({
          streamId: request.streamId,
          expectedVersion: request.expectedVersion,
          actualVersion,
        })
      })

    // Untraced: it runs once per move, and a span and a captured call-site stack each time are pure overhead.
    const append = Effect.fnUntraced(function* (request: AppendRequest) {
      const { streamId, expectedVersion } = request
      if (!Number.isInteger(expectedVersion) || expectedVersion < 0)
        return yield* Effect.die(
          new RangeError(`expectedVersion must be an integer ≥ 0, got ${expectedVersion}`),
        )
      if (request.events.length === 0) return { envelopes: [], duplicate: false } satisfies AppendResult
      // The engine's next move hits the head this store just wrote: no database read, no extra effect.
      const known = knownPrevHash(streamId, expectedVersion)
      const prevHash = known !== undefined ? known : yield* headHashAt(streamId, expectedVersion)
      if (prevHash === null) return yield* explainRefusal(request)
      const events = chainEvents({ ...request, prevHash })
      const stored = yield* Effect.tryPromise({
        try: async () => {
          try {
            return (await writeAppend({ streamType: request.streamType, expectedVersion, events })) > 0
          } catch (error) {
            // A unique index refused an event id: a retried or reused command, explained below.
            if (isUniqueViolation(error)) return false
            throw error
          }
        },
        catch: (error) => toStoreError(`appending to ${streamId}`, error, where),
      })
      if (!stored) return yield* explainRefusal(request)
      const last = events[events.length - 1]!.envelope
      links.remember(streamId, { version: last.version, hash: last.hash })
      wakeups.poke()
      backend.wakeOtherNodes?.()
      return { envelopes: events.map((e) => e.envelope), duplicate: false } satisfies AppendResult
    })

    const readStream = Effect.fn("EventStore.readStream")(function* (
      streamId: string,
      range?: { readonly from?: number; readonly to?: number },
    ) {
      const rows = yield* run(`reading stream ${streamId}`, () =>
        backend.execute<EventRow>(Q.streamStatement(streamId, range?.from ?? 1, range?.to ?? MAX_VERSION)),
      )
      const last = rows[rows.length - 1]
      if (last !== undefined) links.remember(streamId, { version: last.stream_version, hash: last.hash })
      return rows.map(toEnvelope)
    })

    const head = Effect.fn("EventStore.head")(function* (streamId: string) {
      const row = yield* readHead(streamId)
      if (row === undefined) return null
      links.remember(streamId, { version: row.version, hash: row.head_hash })
      return toStreamHead(row)
    })

    const listStreams = Effect.fn("EventStore.listStreams")(function* (
      streamType: string,
      options?: { readonly limit?: number; readonly afterStreamId?: string },
    ) {
      const rows = yield* run(`listing ${streamType} streams`, () =>
        Q.selectStreams(db, streamType, options?.afterStreamId ?? "", options?.limit ?? 100),
      )
      return rows.map(toStreamHead)
    })

    const readAll = Effect.fn("EventStore.readAll")(function* (after: GlobalPosition | null, limit: number) {
      const rows = yield* run("reading the global log", () =>
        backend.execute<GlobalRow>(Q.readAllStatement(after, limit)),
      )
      return rows.map(toGlobalEvent)
    })

    const checkpoint = Effect.fn("EventStore.checkpoint")(function* (subscriptionId: string) {
      const row = yield* run(`reading checkpoint ${subscriptionId}`, () =>
        Q.selectCheckpoint(db, subscriptionId),
      )
      return row === undefined ? null : toPosition(row)
    })

    const saveCheckpoint = Effect.fn("EventStore.saveCheckpoint")(function* (
      subscriptionId: string,
      position: GlobalPosition,
      handle?: Kysely<Database>,
    ) {
      yield* run(`saving checkpoint ${subscriptionId}`, () =>
        Q.upsertCheckpoint(handle ?? db, subscriptionId, position),
      )
    })

    return {
      backend: backend.kind,
      append,
      readStream,
      head,
      listStreams,
      readAll,
      checkpoint,
      saveCheckpoint,
      wakeups: wakeups.stream(options.pollInterval ?? DEFAULT_POLL_INTERVAL),
      db,
    } satisfies EventStore["Service"]
  })
