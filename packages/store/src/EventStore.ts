import type { EventEnvelope } from "@boroughs/core"
import { Context, Data, type Effect, type Stream } from "effect"
import type { Kysely } from "kysely"
import type { Database } from "./schema.js"

/** An event to append: the store adds stream id, version, event id and the hash chain. */
export interface NewEvent {
  readonly type: string
  readonly schemaVersion?: number
  readonly data: Readonly<Record<string, unknown>>
  readonly metadata?: Readonly<Record<string, unknown>>
}

/**
 * One append: the events one command caused. `expectedVersion` is the stream version the caller decided
 * on (0 for a new stream). Event ids are UUIDv5(commandId, index): retrying a command that was already
 * stored appends nothing and returns the stored envelopes with `duplicate: true`.
 */
export interface AppendRequest {
  readonly streamId: string
  readonly streamType: string
  readonly expectedVersion: number
  readonly commandId: string
  readonly events: ReadonlyArray<NewEvent>
}

export interface AppendResult {
  readonly envelopes: ReadonlyArray<EventEnvelope>
  readonly duplicate: boolean
}

/** Position in the ordered global log (ARCHITECTURE.md §4): compare by (epoch, txId, globalPosition). */
export interface GlobalPosition {
  readonly storeEpoch: number
  readonly txId: string
  readonly globalPosition: string
}

export interface GlobalEvent extends EventEnvelope {
  readonly position: GlobalPosition
  readonly recordedAt: string
}

export interface StreamHead {
  readonly streamId: string
  readonly streamType: string
  readonly version: number
  readonly headHash: string
}

/** The stream moved on since the caller read it: reload and decide again. */
export class WrongExpectedVersion extends Data.TaggedError("WrongExpectedVersion")<{
  readonly streamId: string
  readonly expectedVersion: number
  readonly actualVersion: number
}> {}

/** A command id was reused for a different stream or different events. */
export class IdempotencyConflict extends Data.TaggedError("IdempotencyConflict")<{
  readonly commandId: string
  readonly message: string
}> {}

/** Infrastructure failure, with a reason a person can act on. */
export class StoreError extends Data.TaggedError("StoreError")<{
  readonly reason: "unreachable" | "migration" | "query" | "corrupt"
  readonly message: string
  readonly cause?: unknown
}> {}

/** The append-only, hash-chained event store (ARCHITECTURE.md §4). */
export class EventStore extends Context.Service<
  EventStore,
  {
    readonly backend: "pglite" | "postgres"
    readonly append: (
      request: AppendRequest,
    ) => Effect.Effect<AppendResult, WrongExpectedVersion | IdempotencyConflict | StoreError>
    /** Events of one stream, versions in [from, to] (1-based, inclusive; defaults: whole stream). */
    readonly readStream: (
      streamId: string,
      range?: { readonly from?: number; readonly to?: number },
    ) => Effect.Effect<ReadonlyArray<EventEnvelope>, StoreError>
    readonly head: (streamId: string) => Effect.Effect<StreamHead | null, StoreError>
    readonly listStreams: (
      streamType: string,
      options?: { readonly limit?: number; readonly afterStreamId?: string },
    ) => Effect.Effect<ReadonlyArray<StreamHead>, StoreError>
    /** Ordered global read after a position, fenced by pg_snapshot_xmin so no late commit is skipped. */
    readonly readAll: (
      after: GlobalPosition | null,
      limit: number,
    ) => Effect.Effect<ReadonlyArray<GlobalEvent>, StoreError>
    readonly checkpoint: (subscriptionId: string) => Effect.Effect<GlobalPosition | null, StoreError>
    /** Saves a checkpoint; pass `db` to save it inside a projection's own transaction. */
    readonly saveCheckpoint: (
      subscriptionId: string,
      position: GlobalPosition,
      db?: Kysely<Database>,
    ) => Effect.Effect<void, StoreError>
    /** Wake-ups: emits whenever new events may be readable (NOTIFY or in-process poke, plus a polling tick). */
    readonly wakeups: Stream.Stream<void, StoreError>
    /** The Kysely handle, for projections that keep their rows (and checkpoint) in one transaction. */
    readonly db: Kysely<Database>
  }
>()("@boroughs/store/EventStore") {}
