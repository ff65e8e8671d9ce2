import type { EventEnvelope, Typed } from "@boroughs/core"
import type { AppendRequest, EventStore } from "@boroughs/store"
import { Effect } from "effect"

/** The metadata every event of an append carries; the first event also carries what caused it. */
export interface AppendMetadata {
  readonly commandId: string
  readonly seat?: number
  readonly command?: Typed
  readonly actor?: string
  readonly time?: string
}

/** The events one command appended, as recorded. */
export interface RecordedAppend {
  readonly commandId: string
  readonly cause: AppendMetadata
  readonly envelopes: ReadonlyArray<EventEnvelope>
}

/** Splits a stream into its appends: consecutive events sharing a commandId. */
export const appendsOf = (envelopes: ReadonlyArray<EventEnvelope>): RecordedAppend[] => {
  const out: RecordedAppend[] = []
  for (const e of envelopes) {
    const meta = e.metadata as Partial<AppendMetadata>
    const commandId = typeof meta.commandId === "string" ? meta.commandId : ""
    const last = out[out.length - 1]
    if (last && last.commandId === commandId) (last.envelopes as EventEnvelope[]).push(e)
    else out.push({ commandId, cause: meta as AppendMetadata, envelopes: [e] })
  }
  return out
}

/** The metadata for the i-th event of an append. */
export const metadataFor = (cause: AppendMetadata, index: number): Record<string, unknown> => {
  if (index > 0) return { commandId: cause.commandId }
  const out: Record<string, unknown> = { commandId: cause.commandId }
  if (cause.seat !== undefined) out.seat = cause.seat
  if (cause.command !== undefined) out.command = cause.command
  if (cause.actor !== undefined) out.actor = cause.actor
  if (cause.time !== undefined) out.time = cause.time
  return out
}

/**
 * Appends to a stream wherever its head is now, again when another writer got there first: for streams
 * whose events do not depend on what came before them (a ladder's entries, the register of names). Dies after
 * 20 lost races in a row, which no real contention reaches.
 */
export const appendAtHead = (store: EventStore["Service"], request: Omit<AppendRequest, "expectedVersion">) =>
  Effect.gen(function* () {
    for (let attempt = 0; ; attempt++) {
      const head = yield* store.head(request.streamId)
      const appended = yield* store.append({ ...request, expectedVersion: head?.version ?? 0 }).pipe(
        Effect.map((r) => r.envelopes),
        Effect.catchTag("WrongExpectedVersion", (e) =>
          attempt < 20 ? Effect.succeed(null) : Effect.die(new Error(e.message)),
        ),
      )
      if (appended !== null) return appended
    }
  })
