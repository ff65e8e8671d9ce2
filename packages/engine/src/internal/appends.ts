import type { EventEnvelope, Typed } from "@boroughs/core"

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
